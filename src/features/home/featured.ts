import type { Provider } from '../../../contract/providers';

/** The providers whose first games the lobby features (the server's renderer fetches them before it draws `/`). */
export const FEATURED: readonly Provider[] = ['askmebet', 'betflix'];
