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
  created_at: string;
  updated_at?: string;
}

export interface EventRecord {
  id: string;
  title: string;
  description: string | null;
  location: string | null;
  start_time: string;
  end_time: string | null;
  status: 'scheduled' | 'completed' | 'cancelled';
  kind: 'workshop' | 'open_day' | 'harvest' | 'market' | 'other';
  capacity: number | null;
  is_public: boolean;
  price: number;
  created_at: string;
  updated_at: string;
}

export interface HiveRecord {
  id: string;
  name: string;
  location: string | null;
  host: string | null;
  status: 'active' | 'queenless' | 'swarmed' | 'dead_out' | 'retired';
  queen_installed_date: string | null;
  queen_source: string | null;
  queen_marking: string | null;
  notes: string | null;
  last_inspection_date: string | null;
  inspection_due: boolean;
  created_at: string;
  updated_at: string;
}

export interface InspectionRecord {
  id: string;
  hive_id: string;
  inspected_on: string;
  inspector: string | null;
  queen_seen: boolean | null;
  eggs_seen: boolean | null;
  brood_pattern: 'solid' | 'spotty' | 'patchy' | 'none' | null;
  temperament: 'calm' | 'nervous' | 'defensive' | null;
  frames_of_bees: number | null;
  varroa_count: number | null;
  treatment: string | null;
  supers_added: number | null;
  honey_harvested_lb: number | null;
  notes: string | null;
  created_by: string | null;
  created_at: string;
  updated_at: string;
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
}

export interface SubscriberRecord {
  id: string;
  email: string;
  created_at: string;
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
