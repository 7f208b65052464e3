/**
 * The records the back office reads, one home for each (the RPCs' row types in
 * supabase/migrations). Views, dialogs and helpers import them from here.
 */

/** Back-office roles as the database knows them (users.role; null = pending approval). */
export type Role = 'owner' | 'admin' | 'staff';

export interface Product {
  id: string;
  name: string;
  description: string | null;
  price: number;
  category: string | null;
  image_url: string | null;
  /** The shop's fields: its address on /shop, size, section, order and alt text. */
  slug?: string | null;
  size_label?: string | null;
  section?: 'honey' | 'beeswax' | null;
  featured?: boolean | null;
  sort_order?: number | null;
  image_alt?: string | null;
  /** The Spanish pages' name and description; empty: the English shows. */
  name_es?: string | null;
  description_es?: string | null;
  /** From the list (buzz_haven_lists.needs_spanish): the name or description has no Spanish. */
  spanish_missing?: boolean;
  created_at: string;
  updated_at?: string;
}

/** A content document (get_buzz_haven_content_documents): its draft and what is published. */
export interface ContentDocument {
  key: string;
  title: string;
  draft: Record<string, unknown>;
  /** Bumped at each draft save; a save or publish names the revision it started from. */
  revision: number;
  updated_at: string;
  updated_by_name: string | null;
  published: Record<string, unknown> | null;
  published_version: number | null;
  published_at: string | null;
  published_by_name: string | null;
  has_unpublished_changes: boolean;
  /** The language of this row ('en' unless asked for another). */
  locale?: string;
  /** A translation: the English published_version it was published against. */
  source_version?: number | null;
  /** English is published and a translation was not published against its current version. */
  needs_translation?: boolean;
}

/** A published version of a content document (get_buzz_haven_content_versions), newest first. */
export interface ContentVersion {
  version: number;
  body: Record<string, unknown>;
  published_at: string;
  published_by_name: string | null;
  /** A translation's version: the English version it was published against. */
  source_version?: number | null;
}

export type SiteBuildState = 'queued' | 'running' | 'succeeded' | 'failed' | 'triggered';

/** A rebuild of the public site (get_buzz_haven_site_builds), newest first. */
export interface SiteBuild {
  id: string;
  state: SiteBuildState;
  reason: string | null;
  requested_by_name: string | null;
  requested_at: string;
  started_at: string | null;
  finished_at: string | null;
  duration_ms: number | null;
  error: string | null;
}

export interface MediaRecord {
  id: string;
  title: string;
  /** The file's URL: the bucket's public URL for uploads. */
  file_path: string;
  file_type: string;
  created_at: string;
  /** Path in the `media` bucket; null for files kept elsewhere (outside URLs). */
  storage_path?: string | null;
  size_bytes?: number | null;
  width?: number | null;
  height?: number | null;
  uploaded_by?: string | null;
  updated_at?: string;
}

export interface MessageRecord {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  subject: string;
  message: string;
  hear_about: string | null;
  handled: boolean;
  created_at: string;
  /** The language of the page it was sent from ('en', 'es'). */
  locale?: string;
}

export interface SubscriberRecord {
  id: string;
  email: string;
  created_at: string;
  /** Double opt-in: pending until the e-mailed link is followed; unsubscribed by the one-click link. */
  status?: 'pending' | 'confirmed' | 'unsubscribed';
  confirmed_at?: string | null;
  /** The language of the page the address signed up on: the newsletter is sent in it. */
  locale?: string;
}

export interface UserRecord {
  id: string;
  auth_user_id: string;
  name: string;
  email: string;
  role: Role | null;
  is_active: boolean;
  created_at: string;
}

/** An entry of the activity log (get_buzz_haven_activity): who changed which record, and when. */
export interface ActivityEntry {
  id: number | string;
  actor_name: string;
  action: 'create' | 'update' | 'status' | 'delete';
  /** The table (buzz_haven.<resource>). */
  resource: string;
  record_id: string;
  summary: string;
  created_at: string;
}
