/** The host application's request (submit_buzz_haven_host_application) and its answer's message. */
import { fill } from '../../forms/FormFields';

export const HOST_APPLICATION_RPC = 'submit_buzz_haven_host_application';

export interface HostApplicationAnswer {
  id: string;
  in_area: boolean;
  status: string;
  area: string | null;
  areas: { area: string; zips: string[] }[];
}

const trimmed = (data: FormData, key: string) => String(data.get(key) ?? '').trim();
const feet = (value: string) => (/^\d+$/.test(value) ? Number(value) : null);
const yesNo = (value: string) => (value === 'yes' ? true : value === 'no' ? false : null);

/** The form's fields as the RPC's arguments (an empty optional field is null). */
export function hostApplicationPayload(data: FormData, website: string | null) {
  return {
    p_name: trimmed(data, 'name'),
    p_email: trimmed(data, 'email'),
    p_phone: trimmed(data, 'phone') || null,
    p_address: trimmed(data, 'address'),
    p_zip: trimmed(data, 'zip'),
    p_yard_length_ft: feet(trimmed(data, 'yard_length')),
    p_yard_width_ft: feet(trimmed(data, 'yard_width')),
    p_sun: trimmed(data, 'sun') || null,
    p_water: trimmed(data, 'water') || null,
    p_access: trimmed(data, 'access') || null,
    p_pets: yesNo(trimmed(data, 'pets')),
    p_children: yesNo(trimmed(data, 'children')),
    p_hive_style: trimmed(data, 'hive_style') || null,
    p_yard_photo_url: trimmed(data, 'photo_url') || null,
    p_message: trimmed(data, 'message') || null,
    p_website: website,
  };
}

/** "East Hills (90031, 90032)"; several areas joined with "; ". */
export function describeAreas(areas: HostApplicationAnswer['areas']): string {
  return areas.map((a) => `${a.area} (${a.zips.join(', ')})`).join('; ');
}

/** The visitor's message: thanks, or (outside the service area) the waitlist text naming the area. */
export function applicationMessage(answer: HostApplicationAnswer, zip: string, text: { success: string; waitlist: string }): string {
  if (answer.in_area) return text.success;
  return fill(text.waitlist, { zip, areas: describeAreas(answer.areas) });
}
