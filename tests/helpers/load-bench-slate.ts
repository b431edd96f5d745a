// Loads the bench's slate (every game at ten books, the NFL week's line history) into a new SQLite database and
// closes it, in a process of its own: what `npm run bench` does first. tests/integration/db/runtime.test.ts runs it.
import { benchToken, seedSlate } from '../../bench/slate';
import { createDb } from '@/lib/db/client';
import { migrate } from '@/lib/db/migrate';

async function main(file: string): Promise<void> {
  const databaseUrl = `file:${file}`;
  await migrate(databaseUrl);
  const db = createDb(databaseUrl);
  await benchToken(db);
  await seedSlate(db);
  const prices = await db.price.count();
  await db.$disconnect();
  console.log(JSON.stringify({ node: process.versions.node, prices }));
}

void main(process.argv[2] as string);
