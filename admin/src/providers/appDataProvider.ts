import { createRpcDataProvider } from './dataProvider';
import { supabase } from './supabase';
import { resources } from '../resources';

/** The app's data provider: every declared resource over the shared supabase client. */
export const dataProvider = createRpcDataProvider(resources, supabase);
