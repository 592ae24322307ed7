import { paths } from '../../core/paths.ts';
import { startStudioServer, type StudioServer, type StudioServerOptions } from '../../studio-host/studio-server.ts';
import type { StorageOptions } from '../../server/storage/types.ts';
import { openStaffStore, type StaffStore } from '../../server/staff/store/staff-store.ts';
import { openStudioGate, type StudioGate } from '../../studio-host/gate/studio-gate.ts';
import { openStudioState, type StudioState } from '../../studio-host/state/studio-state.ts';

/** What a studio instance is started with here: all of it but the project's folders and the door, which are the same for each. */
export type InstanceOptions = Omit<StudioServerOptions, 'root' | 'schemaDir' | 'door'>;

/** The studio behind the back office on one database: the staff, the studio's shared state, its gate and its first instance. */
export interface StudioBehind {
  staff: StaffStore;
  shared: StudioState;
  gate: StudioGate;
  studio: StudioServer;
  /** another instance of the studio's server behind the same door (closed with the rest) */
  another(options: InstanceOptions): Promise<StudioServer>;
  /** every instance stopped, then the stores closed */
  close(): Promise<void>;
}

/**
 * The studio's server behind the back office as the live server runs it: the staff's store, the studio's shared state
 * and its gate on `storage`, and an instance of the studio whose door sends the signed-out to `backOffice`.
 */
export async function studioBehindBackOffice(
  storage: StorageOptions,
  { backOffice, clock, ...instance }: InstanceOptions & { backOffice: string; clock?: () => Date },
): Promise<StudioBehind> {
  const staff = await openStaffStore(storage, clock ? { clock } : {});
  const shared = await openStudioState(storage);
  const gate = await openStudioGate(storage, {});
  const instances: StudioServer[] = [];
  const another = async (options: InstanceOptions) => {
    const server = await startStudioServer({ root: paths.root, schemaDir: paths.schemas, door: { ...gate, backOffice }, ...options });
    instances.push(server);
    return server;
  };
  const studio = await another(instance);
  return {
    staff,
    shared,
    gate,
    studio,
    another,
    close: async () => {
      for (const server of instances) await server.close();
      await Promise.all([gate.close(), staff.close(), shared.close()]);
    },
  };
}
