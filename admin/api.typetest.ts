/**
 * The pages' side of the back office's typed wire, checked by `npm run typecheck` (never run): a page calls a route
 * the contract declares (core/admin/contract.ts), with its path's parts and its body, and reads the answer the
 * route declares. Each `@ts-expect-error` fails the typecheck the day the compiler lets its line through.
 */
import { get, post } from './api.ts';

export async function typedCalls(): Promise<void> {
  const me = await get('/me');
  const permissions: readonly string[] = me.permissions;
  const lead = await get('/leads/:id', { params: { id: 'lead-1' } });
  const fields: readonly { label: string }[] = lead.lead.fields;
  await post('/leads/:id/status', { params: { id: 'lead-1' }, body: { status: 'won' } });
  void [permissions, fields];

  // @ts-expect-error Me has no such field
  void me.name;
  // @ts-expect-error a lead's answer has no such field
  void lead.lead.secret;
  // @ts-expect-error a route the contract does not declare
  await get('/nowhere');
  // @ts-expect-error a POST route is not read with GET
  await get('/sign-in');
  // @ts-expect-error the sign-in asks for its body
  await post('/sign-in');
  // @ts-expect-error the path's parts are asked for
  await get('/leads/:id');
  // @ts-expect-error a status the contract does not list
  await post('/leads/:id/status', { params: { id: 'lead-1' }, body: { status: 'open' } });
}
