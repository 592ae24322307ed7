import { expect, it } from 'vitest';
import { AUDIT_GROUPS, isAuditGroup } from './audit-groups.ts';
import { AUDIT_KINDS } from './contract.ts';

it('puts every kind of audit event in exactly one group, so a filter by group never loses one', () => {
  const grouped = Object.values(AUDIT_GROUPS).flat();
  expect([...grouped].sort()).toEqual([...AUDIT_KINDS].sort());
  expect(new Set(grouped).size).toBe(grouped.length);
});

it('knows its groups by name, and nothing else', () => {
  expect(['people', 'sign-in', 'leads', 'studio'].every(isAuditGroup)).toBe(true);
  expect(['lead', 'toString', '', undefined].some(isAuditGroup)).toBe(false);
});
