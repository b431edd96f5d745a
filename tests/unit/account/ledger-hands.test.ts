import { describe, expect, it } from 'vitest';
import { createOwnerLedger } from '@/lib/account/ledger';
import type { Db } from '@/lib/db/client';
import { toolServices } from '../../helpers/tool-context';

// The bankroll's settings hold the user's limits: a call cannot lift them, so a tool's ledger has no way to save
// them, while the user's own (the console, the jev command) does.

describe("the ledger's two hands", () => {
  const db = {} as Db; // nothing is read: only what each ledger offers is looked at

  it("a tool's ledger (as the gateway hands it to every call) cannot save the bankroll's settings", () => {
    expect(Object.keys(toolServices(db).ledger)).not.toContain('saveBankroll');
  });

  it("the owner's ledger is the tools' ledger and the bankroll's settings", () => {
    const { ledger } = toolServices(db);
    expect(Object.keys(createOwnerLedger(ledger, db))).toEqual([...Object.keys(ledger), 'saveBankroll']);
  });
});
