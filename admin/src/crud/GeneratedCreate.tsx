import { Create, type RedirectionSideEffect } from 'react-admin';
import { useLocation } from 'react-router-dom';
import { PageHeader } from '../common/PageHeader';
import { useQueuedCreate } from '../offline/useQueuedCreate';
import { GeneratedForm } from './GeneratedForm';
import { textsOf } from './declarationText';
import { useDeclaration } from './useDeclaration';

/**
 * The create page. Opened from a parent's detail page (e.g. 'Add inspection' on a hive), the
 * parent is pre-filled and the page returns there after saving; otherwise to the new record.
 * The toast is `resources.<name>.notifications.created` (i18n/en.ts). An offline-capable
 * resource's record saved without a network waits on the device (offline/useQueuedCreate.ts).
 */
export function GeneratedCreate() {
  const declaration = useDeclaration();
  const prefilled = (useLocation().state as { record?: Record<string, unknown> } | null)?.record ?? {};
  const parent = declaration.fields.find((f) => f.kind === 'reference' && prefilled[f.source] != null);
  const redirect: RedirectionSideEffect = parent
    ? (_resource, _id, data) => `${parent.reference}/${data?.[parent.source]}/show` : 'show';
  const saving = useQueuedCreate(declaration, redirect);
  return (
    <>
      <PageHeader title={textsOf(declaration).createLabel} />
      <Create title={false} record={prefilled} {...saving}>
        <GeneratedForm declaration={declaration} mode="create" />
      </Create>
    </>
  );
}

export default GeneratedCreate;
