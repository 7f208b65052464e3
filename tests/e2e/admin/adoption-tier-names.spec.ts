/**
 * A tier's name has one home: its words in Content (catalog/adopt-tiers, by the slug that is a row
 * of Adoption Tiers). Renamed and published there, the Adoptions list shows the new name in its
 * row and its Tier filter (Adoption Tiers' rows) finds the request by it; no list of tiers is
 * copied into the back office. The document is put back as it was afterwards.
 */
import { LOCAL_SERVICE_ROLE_KEY } from '../../../supabase/local/src/keys';
import { SUPABASE_URL, expect, main, signIn, test, uniqueEmail } from './fixtures';
import { call, ownerClient, visitor } from './visitorRequests';

const KEY = 'catalog/adopt-tiers';
interface Tiers { tiers: { id: string; name: string }[] }
interface ContentDocument { draft: Tiers; published: Tiers; revision: number }

/** A service-role RPC: what the publish-content function does once a draft validates. */
async function publish(revision: number) {
  const res = await fetch(`${SUPABASE_URL}/rest/v1/rpc/publish_buzz_haven_content`, {
    method: 'POST',
    headers: { apikey: LOCAL_SERVICE_ROLE_KEY, Authorization: `Bearer ${LOCAL_SERVICE_ROLE_KEY}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ p_key: KEY, p_revision: revision }),
  });
  expect(res.status, await res.clone().text()).toBe(200);
}

test('a tier renamed in Content is the name the Adoptions list shows and filters by', async ({ page }) => {
  const tag = Date.now().toString(36);
  const name = `Ida ${tag}`;
  const renamed = `Hive Keeper ${tag}`;
  const owner = await ownerClient();
  const read = async () => {
    const { data, error } = await owner.rpc('get_buzz_haven_content_documents').eq('key', KEY);
    if (error) throw error;
    return (data as ContentDocument[])[0];
  };
  const save = (body: Tiers, revision: number) =>
    call<number>(owner, 'save_buzz_haven_content_draft', { p_key: KEY, p_body: body, p_revision: revision });

  await call(visitor(), 'submit_buzz_haven_adoption_request', {
    p_tier: 'hive-guardian', p_plan: 'monthly', p_name: name, p_email: uniqueEmail('ida'),
  });

  const before = await read();
  expect(before.published.tiers.find((t) => t.id === 'hive-guardian')?.name).toBe('Hive Guardian');
  const body: Tiers = structuredClone(before.published);
  body.tiers.find((t) => t.id === 'hive-guardian')!.name = renamed;
  try {
    await publish(await save(body, before.revision));

    await signIn(page, undefined, '/admin/adoption_requests');
    const row = main(page).getByRole('row', { name: new RegExp(name) });
    await expect(row).toContainText(renamed);
    await expect(row).not.toContainText('Hive Guardian');
    await expect(row).toContainText('Monthly');

    // The Tier filter lists Adoption Tiers' rows by their Content names, and sends the slug.
    await main(page).getByRole('combobox', { name: 'Tier' }).click();
    await expect(page.getByRole('option', { name: 'Swarm Supporter' })).toBeVisible();
    await page.getByRole('option', { name: renamed }).click();
    await expect(page).toHaveURL(/hive-guardian/);
    await expect(row).toBeVisible();
    const tiers = await main(page).locator('tbody .column-tier').allTextContents();
    expect(tiers.length).toBeGreaterThan(0);
    expect(new Set(tiers)).toEqual(new Set([renamed]));
  } finally {
    // Put the document back: the published words as they were, then the draft as it was.
    const now = await read();
    const revision = await save(before.published, now.revision);
    await publish(revision);
    if (JSON.stringify(before.draft) !== JSON.stringify(before.published)) await save(before.draft, revision);
  }
});
