/**
 * The page's early entry, a script of its own that index.html runs before the page's
 * (build/early.ts puts it there): it asks IndexedDB for the page's database while the page's
 * code, about 200 kB, is still being fetched and compiled. The database is open by the time
 * the page boots, instead of its first-visit creation waiting behind the first render for the
 * main thread.
 */
import { openEarly } from './persistence/request';

openEarly();
