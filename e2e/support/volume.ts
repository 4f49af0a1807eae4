/**
 * Adds the benchmarks' volume data (apps/server/src/db/seed/volume.ts, built into dist) to the
 * SQLite database of a stopped own server (own-server.ts), for tests of long lists: thousands of
 * real residents and open surveys, read back through the real server.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const dist = path.resolve(import.meta.dirname, '../../apps/server/dist');

/** The parts of the built modules used here (their types live in the server's source). */
interface DatabaseHandle {
  db: unknown;
  dialect: 'sqlite' | 'postgres';
  close(): Promise<void>;
}
interface ConnectModule {
  connect(options: { sqliteFile: string }): DatabaseHandle;
}
interface VolumeModule {
  seedVolumeData(
    db: unknown,
    dialect: DatabaseHandle['dialect'],
    options: {
      today: string;
      residentsPerFacility: number;
      pastSurveys: number;
      openShare: number;
    },
  ): Promise<{ openSurveys: number }>;
}

const load = async <T>(file: string): Promise<T> =>
  (await import(pathToFileURL(path.join(dist, file)).href)) as T;

/**
 * Fills every facility up to `residentsPerFacility` residents, each active one with an open
 * Admission and an open Discharge survey, due from 20 days ago to 40 days ahead.
 */
export async function addVolumeData(
  dataDir: string,
  residentsPerFacility: number,
): Promise<{ openSurveys: number }> {
  const { connect } = await load<ConnectModule>('db/connect.js');
  const { seedVolumeData } = await load<VolumeModule>('db/seed/volume.js');
  const handle = connect({ sqliteFile: path.join(dataDir, 'carevoice.sqlite') });
  try {
    return await seedVolumeData(handle.db, handle.dialect, {
      today: new Date().toISOString().slice(0, 10),
      residentsPerFacility,
      pastSurveys: 0,
      openShare: 1,
    });
  } finally {
    await handle.close();
  }
}
