import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';

export interface SlideRoutesOptions {
  db: Db;
  clock: Clock;
  /** DATA_DIR: a deleted slide's files are removed from `<dataDir>/slides/<hospital>/`. */
  dataDir: string;
  /** Called once slides are deleted: the tile service closes them (tiles/index.ts). */
  onDeleted?: (slideIds: readonly number[]) => Promise<void>;
}
