import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// Deleting an account is one delete of the user row (lib/account/deletion.ts): the schema's cascades take the rest.
// So every relation to User, and to any model a user's deletion removes, must cascade, and every userId column must
// be such a relation: a model added later without it would make deletion fail (a restricting key) or leave the
// user's rows behind (no key at all).

interface Relation {
  model: string;
  field: string;
  target: string;
  cascades: boolean;
}

function schemaRelations(schema: string): { relations: Relation[]; userIdColumns: string[] } {
  const relations: Relation[] = [];
  const userIdColumns: string[] = [];
  for (const [, model = '', body = ''] of schema.matchAll(/^model (\w+) \{\n([\s\S]*?)\n\}/gm)) {
    for (const line of body.split('\n')) {
      const field = /^\s*(\w+)\s+(\w+)[?[\]]*\s*(.*)$/.exec(line);
      if (!field) continue;
      const [, name = '', type = '', attributes = ''] = field;
      if (name === 'userId') userIdColumns.push(`${model}.userId`);
      const relation = /@relation\(([^)]*)\)/.exec(attributes);
      if (relation?.[1]?.includes('fields:')) {
        relations.push({ model, field: name, target: type, cascades: /onDelete:\s*Cascade/.test(relation[1]) });
      }
    }
  }
  return { relations, userIdColumns };
}

describe("an account's rows go with it", () => {
  const schema = readFileSync('prisma/schema.prisma', 'utf8');
  const { relations, userIdColumns } = schemaRelations(schema);

  it('finds the relations it checks', () => {
    expect(relations.filter((relation) => relation.target === 'User').length).toBeGreaterThanOrEqual(7);
    expect(relations).toContainEqual({ model: 'BetGrade', field: 'bet', target: 'Bet', cascades: true });
  });

  it('every relation to the user, and to what their deletion removes, cascades', () => {
    const removed = new Set(['User']);
    const restricting: string[] = [];
    for (let grew = true; grew;) {
      grew = false;
      for (const relation of relations) {
        if (!removed.has(relation.target)) continue;
        if (!relation.cascades) restricting.push(`${relation.model}.${relation.field} → ${relation.target}`);
        else if (!removed.has(relation.model)) {
          removed.add(relation.model);
          grew = true;
        }
      }
    }
    expect([...new Set(restricting)]).toEqual([]);
    expect([...removed].sort()).toEqual(
      expect.arrayContaining([
        'AccessToken',
        'Bankroll',
        'Bet',
        'BetGrade',
        'KnownSignInAddress',
        'OAuthCode',
        'OAuthGrant',
        'OAuthRefreshToken',
        'Recommendation',
      ]),
    );
  });

  it('every userId column is a relation to User', () => {
    const related = new Set(relations.filter((relation) => relation.target === 'User').map((relation) => `${relation.model}.userId`));
    expect(userIdColumns.filter((column) => !related.has(column))).toEqual([]);
  });
});
