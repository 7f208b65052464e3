/** Fills the hive map's words ({title}, {artist}, {names}, {date}) for one hive; no markup. */
export const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);

/** '2026-11-20' -> 'November 20, 2026' (the same at build and in the browser). */
export const formatDay = (day: string) =>
  new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', year: 'numeric', month: 'long', day: 'numeric' }).format(new Date(`${day}T00:00:00Z`));

/** 'Ada', 'Ada and Grace', 'Ada, Grace and Lin'. */
export const joinNames = (names: readonly string[]) =>
  names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;

export interface MapWords {
  label: string;
  tilesFailed: string;
  wrap: string;
  noWrap: string;
  installed: string;
  hostedBy: string;
  adoptedBy: string;
  imageAlt: string;
}

export interface MapHive {
  hiveId: string;
  name: string;
  neighbourhood: string;
  lat: number;
  lng: number;
  hostName?: string | null;
  adopterNames: readonly string[];
  wrapTitle?: string | null;
  wrapArtist?: string | null;
  wrapImageUrl?: string | null;
  wrapInstalledOn?: string | null;
}

/** The lines shown for a hive in the list and in its marker's popup. */
export function hiveLines(hive: MapHive, words: MapWords) {
  const wrapped = hive.wrapTitle && hive.wrapArtist;
  const vars = { title: hive.wrapTitle ?? '', artist: hive.wrapArtist ?? '' };
  return {
    wrap: wrapped ? fill(words.wrap, vars) : words.noWrap,
    installed: wrapped && hive.wrapInstalledOn ? fill(words.installed, { date: formatDay(hive.wrapInstalledOn) }) : null,
    imageAlt: wrapped ? fill(words.imageAlt, vars) : '',
    host: hive.hostName ? fill(words.hostedBy, { names: hive.hostName }) : null,
    adopters: hive.adopterNames.length ? fill(words.adoptedBy, { names: joinNames(hive.adopterNames) }) : null,
  };
}
