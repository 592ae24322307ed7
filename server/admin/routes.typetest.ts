/**
 * The server's side of the back office's typed wire, checked by `npm run typecheck` (never run): a handler answers
 * the shape its route declares in core/admin/contract.ts, a refusal a code of the contract, and only signed-in
 * routes are handed a person. Each `@ts-expect-error` fails the typecheck the day the compiler lets its line through.
 */
import { answer, refuse, route } from './routes.ts';

export const typedAnswers = [
  route('GET /passkeys/available', { permission: 'public', handler: (c) => answer(c, { available: true }) }),
  route('GET /me', {
    permission: 'signed-in',
    // a signed-in route is handed the person: no `who!`
    handler: (c, who) => answer(c, { email: who.user.email, role: who.user.role, permissions: ['signed-in'] }),
  }),
  route('POST /studio/ticket', {
    permission: 'content',
    handler: (c) => refuse(c, 'forbidden', 403),
  }),
  route('GET /passkeys/available', {
    permission: 'public',
    // @ts-expect-error the answer's field has another type
    handler: (c) => answer(c, { available: 'yes' }),
  }),
  route('GET /passkeys/available', {
    permission: 'public',
    // @ts-expect-error a field the route's answer does not declare
    handler: (c) => answer(c, { available: true, passkeys: [] }),
  }),
  route('POST /studio/ticket', {
    permission: 'content',
    // @ts-expect-error a bare c.json is no answer of the route
    handler: (c) => c.json({ url: 'https://studio.example' }),
  }),
  route('GET /me', {
    permission: 'signed-in',
    // @ts-expect-error the route's answer lacks fields
    handler: (c, who) => answer(c, { email: who.user.email }),
  }),
  route('POST /studio/ticket', {
    permission: 'content',
    // @ts-expect-error not a code of ApiError
    handler: (c) => refuse(c, 'nope', 400),
  }),
  route('POST /sign-in', {
    permission: 'public',
    // @ts-expect-error a public route may be called by nobody: the person may be undefined
    handler: (c, who) => answer(c, { email: who.user.email, role: who.user.role, permissions: [], usedRecoveryCode: false }),
  }),
];

// @ts-expect-error a route the contract does not declare
route('GET /nowhere', { permission: 'public', handler: (c) => refuse(c, 'not-found', 404) });
