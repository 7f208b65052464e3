/**
 * The shape every back-office resource declares in `admin/src/resources/<name>/index.ts`. The
 * generator (crud/) owns it: from `fields` the generic views, the zod schema (fieldSchema.ts),
 * the data provider's search and update arguments and the i18n labels are generated; `App.tsx`,
 * the sidebar and the dashboard read the rest. A declaration reaches the generated views through
 * react-admin's resource definition (`options.declaration`, see useDeclaration.ts), never through
 * an import of `resources/`: resources import crud, not the other way round.
 */
import type { ComponentType } from 'react';
import type { ZodType } from 'zod';
import type { BadgeColour } from '../common/StatusBadge';

export type FieldKind =
  | 'text' | 'longText' | 'url' | 'image' // strings (image = an image URL, shown as a picture)
  | 'money' // integer US cents, shown as en-US dollars
  | 'integer' | 'number'
  | 'date' | 'dateTime' // a calendar day; an instant shown as local date plus hour and minute
  | 'enum' | 'boolean'
  | 'reference'; // the id of a row of another resource (`reference`)

export interface Choice {
  id: string;
  name: string;
  colour?: BadgeColour;
}

/** A value's name, or its name and badge colour. */
export type ChoiceName = string | { name: string; colour?: BadgeColour };

export interface FieldDeclaration {
  source: string;
  kind: FieldKind;
  /** The label (form, detail, i18n `resources.<name>.fields.<source>`). */
  label: string;
  /** The list column's header when it differs from the label (e.g. 'Event' for the title). */
  header?: string;
  /** Required in the form; a string is the message (default '<label> is required'). */
  required?: boolean | string;
  /**
   * Numbers: the bounds. Texts: `max` is the length bound. Read from the table's CHECKs
   * (crud/tableRules.ts): declare one only for a column no table holds (a computed value).
   */
  min?: number;
  max?: number;
  /** Numbers: digits after the decimal point (default 0 for integer/money, any for number). */
  decimals?: number;
  /** Messages of the rules above (defaults are generated from the label and the bounds). */
  messages?: { required?: string; min?: string; max?: string; whole?: string; invalid?: string };
  /**
   * Texts: the format the table's CHECK holds the column to and its constraint_messages words.
   * Filled from the table (crud/tableRules.ts `withTableRules`); never declared.
   */
  pattern?: string;
  patternMessage?: string;
  /** Texts: the RPC stores the value in capitals (a batch code), so it is checked as capitals. */
  upperCase?: boolean;
  /**
   * enum: each value's name and badge colour (`{ solid: { name: 'Solid', colour: 'green' } }`);
   * the values and their order are the table's CHECK (a value named nowhere here is not offered);
   * boolean: names of 'true'/'false' shown as badges.
   */
  choiceNames?: Record<string, ChoiceName>;
  /**
   * text: how a stored value reads when its words follow a pattern, not a list (an adoption's
   * plan 'gift-6' is 'Gift, 6 months' for any gift term in the table); lists and detail pages.
   */
  format?: (value: string) => string;
  /** Filled from the table and `choiceNames` (crud/tableRules.ts `withTableRules`); never declared. */
  choices?: Choice[];
  /**
   * The `table.column` the rules are read from when it is not `source` in the declaration's table
   * (a joined column, e.g. 'adoption_billing.state'); several: their values joined; false: none.
   */
  column?: string | string[] | false;
  /** reference: the resource the id points to. */
  reference?: string;
  /**
   * reference: the referenced rows' column the value holds when it is not their id (a price
   * table's 'slug', e.g. adoption_requests.tier = adopt_tiers.slug): the value is shown, chosen
   * and filtered by the referenced rows' names (crud/useKeyedChoices.ts), never a copied list.
   */
  referenceKey?: string;
  /** Searched by the list's search box (`q` -> `or=(<field>.ilike.*q*,...)`). */
  searchable?: boolean;
  /** Shown as a list column: true, 'desktop' (hidden on phones) or false (default true). */
  list?: boolean | 'desktop';
  /** Shown on the detail page (default true). */
  show?: boolean;
  /** In the create/edit form (default true). */
  form?: boolean;
  /** The create form's initial value. */
  defaultValue?: unknown;
  /** Text under the input. */
  helperText?: string;
}

export interface ResourceRpc {
  /** Returns every row (setof); sort, filters and paging travel as PostgREST query parameters. */
  list: string;
  /** Called with `toArgs(data, 'create')`; returns the created row. */
  create?: string;
  /** Called with `{ p_id, ...toArgs(data, 'update', previousData) }`; returns the updated row. */
  update?: string;
  /** Called with `{ p_id }`; returns the deleted row (or nothing: previousData is used). */
  delete?: string;
}

/** A view: a component of its own, or omitted to be generated from the fields. */
export type View = ComponentType | false;

export interface RecordAction {
  label: string;
  set: Record<string, unknown>;
  /** The success toast. */
  done: string;
  when?: (record: Record<string, unknown>) => boolean;
  /** The confirmation dialog's question. */
  confirm?: string;
}

type Sort = { field: string; order: 'ASC' | 'DESC' };

/** A list of `resource`'s rows whose `target` column holds the shown record's id. */
export interface RelatedListDeclaration {
  resource: string;
  target: string;
  label: string;
  sort: Sort;
}

/** On a child: the parent `resource` whose detail page lists this resource's rows (`target` = the parent's id). */
export interface ListedOn {
  resource: string;
  target: string;
  label: string;
  sort: Sort;
}

export interface ResourceDeclaration {
  /** react-admin resource name = route segment under /admin (e.g. 'products'). */
  name: string;
  /** Sidebar label and page title. */
  label: string;
  /** i18n `resources.<name>.name` ('Event |||| Events'). */
  recordName?: string;
  icon: ComponentType<{ color?: 'primary' }>;
  rpc: ResourceRpc;
  /**
   * How a list learns its size. Default 'exact' (`Prefer: count=exact`: the pager shows "of N";
   * counting costs O(matching rows)).
   * 'pages': no count; a page asks for one row more than it shows, and react-admin's partial
   * pagination (`pageInfo`) enables Next while that row exists ("1-25 of more than 25"). A page
   * then costs O(page) at any table size, on hosted PostgREST too: there `count=estimated` and
   * `planned` give no estimate for an RPC (PostgREST's planned count reads only tables), so they
   * cannot replace exact counts on these lists. For tables that grow for years.
   * 'none': no count and no pager (Recent Activity, History): the total is the rows up to the page's end.
   */
  count?: 'exact' | 'pages' | 'none';
  /** The declared fields; the generated views, schema, search and labels come from here. */
  fields: FieldDeclaration[];
  /**
   * New records can be saved without a network (src/offline/): the form gives each one an id
   * (`p_id` to the create RPC, which stores a record sent twice once), the device keeps it and
   * sends it when the network returns.
   */
  offline?: boolean;
  /** zod schema of the form; default: derived from `fields` (crud/fieldSchema.ts). */
  schema?: ZodType;
  /** Cross-field rules of the form (e.g. end after start): a message per failing field. */
  validate?: (values: Record<string, unknown>) => Record<string, string>;
  /** Maps form values to the RPC's named arguments; default crud/toArgs.ts. */
  toArgs?: (data: Record<string, unknown>, mode: 'create' | 'update', previous?: Record<string, unknown>) => Record<string, unknown>;
  /** The generated list's settings. */
  listOptions?: {
    sort?: { field: string; order: 'ASC' | 'DESC' };
    /** Empty state text and the create button's label (also the page header's button). */
    empty?: string;
    createLabel?: string;
    searchLabel?: string;
    /** Load failures are logged only and the empty state shows (hives, events). */
    logOnlyOnError?: boolean;
    /** The row's button label to the detail page (default 'View Details'). */
    showLabel?: string;
    /** Enum fields offered as filters beside the search box (server-side `<field>=eq.<value>`). */
    filters?: string[];
    /** An 'Export CSV' button downloading every row of the current filter as `<csv>.csv`. */
    csv?: string;
  };
  /**
   * One-click changes on the detail page, e.g. `{ label: 'Cancel Event', set: { status: 'cancelled' } }`,
   * shown while they would change something and `when` (e.g. an allowed transition) holds;
   * with `confirm`, a dialog asks first.
   */
  recordActions?: RecordAction[];
  /** Components shown on the detail page under the fields (inside the record's context). */
  panels?: ComponentType[];
  /** Buttons beside the list's create button (e.g. Hives' Print hive labels). */
  listActions?: ComponentType[];
  /** The detail page's history from the activity log (default true). */
  history?: boolean;
  /**
   * This resource's rows listed on another resource's detail page, declared here on the child:
   * `{ resource: 'hives', target: 'hive_id', label: 'Inspections', sort }` lists a hive's
   * inspections (`hive_id=eq.<id>`) on the hive's page. Lists show in the order of `resources/index.ts`.
   */
  listedOn?: ListedOn[];
  /** The same declared on the parent (the earlier way, still read): other resources' rows on this detail page. */
  related?: RelatedListDeclaration[];
  /** Views; a missing one is generated from `fields`, `false` means none. */
  list?: View;
  show?: View;
  create?: View;
  edit?: View;
  recordRepresentation?: string;
  /**
   * A row's name kept as words in a Content document (a price table's: a tier's name is in
   * catalog/adopt-tiers): the document's `list` items whose `id` is the row's slug, their `name`
   * field. A field referencing this resource by slug shows that name (crud/useKeyedChoices.ts).
   */
  words?: { document: string; list: string; name: string };
  /**
   * The `buzz_haven` table the rows live in, when it is not `name` (e.g. 'hive_inspections'): the
   * activity log names the table, so Recent Activity links an entry to this resource through it,
   * and the dashboard card counts it (count_table_rows).
   */
  table?: string;
  /** A dashboard count card at this position (count_table_rows on `buzz_haven.<table>`). */
  dashboard?: { position: number };
  /** Shown in the sidebar (default true). */
  menu?: boolean;
  /** The sidebar group the entry sits in (every entry of the sidebar has one). */
  group?: MenuGroup;
  /**
   * The roles that work on this page (default every role): the sidebar shows it to them only and
   * the page tells anyone else it is not theirs. For pages whose every change the database
   * refuses to the other roles.
   */
  roles?: Role[];
}

/** The back office's roles (buzz_haven.users.role). */
export type Role = 'owner' | 'admin' | 'staff';

/**
 * The sidebar's groups, in sidebar order (areas of work, settings last); each one's name is the
 * i18n message `buzz.menu.<group>`.
 */
export const MENU_GROUPS = ['sales', 'requests', 'events', 'hives', 'community', 'site', 'settings'] as const;
export type MenuGroup = (typeof MENU_GROUPS)[number];

/**
 * Whether a role works on this declaration's page (`roles`). An account without a role yet sees
 * the pages every role works on; each of them then says it waits for approval (layout/AccessGate.tsx).
 */
export const opensFor = (declaration: Pick<ResourceDeclaration, 'roles'>, role: string | null | undefined): boolean =>
  !declaration.roles || (!!role && (declaration.roles as string[]).includes(role));

/** The declaration's table in schema buzz_haven. */
export const tableOf = (declaration: ResourceDeclaration): string => declaration.table ?? declaration.name;

/**
 * For a resource read only inside other pages (an order's lines, an event's registrations, the
 * activity log): no list, detail or form screens, no history panel, not in the sidebar.
 */
export const EMBEDDED_ONLY = {
  list: false,
  show: false,
  create: false,
  edit: false,
  history: false,
  menu: false,
} as const satisfies Partial<ResourceDeclaration>;
