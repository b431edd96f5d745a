// Constraints as the answer to a race: whoever inserted first wins, the others read what it wrote; a write that
// names a row another transaction deleted (an account deleted mid-request) fails instead of leaving an orphan.

const prismaCode = (error: unknown) => (typeof error === 'object' && error !== null ? (error as { code?: string }).code : undefined);

/** Prisma's unique-constraint violation (P2002), the same on SQLite and PostgreSQL. */
export function isUniqueViolation(error: unknown): boolean {
  return prismaCode(error) === 'P2002';
}

/**
 * PostgreSQL refused a transaction because of another one: a SERIALIZABLE one whose reads the other wrote (P2034), or
 * one of two that waited on each other's locks (a deadlock, 40P01, which PostgreSQL ends by failing one; the driver
 * adapter passes it on as its own code). Run it again.
 */
export function isWriteConflict(error: unknown): boolean {
  if (prismaCode(error) === 'P2034') return true;
  const cause = typeof error === 'object' && error !== null ? (error as { cause?: { originalCode?: unknown } }).cause : undefined;
  return cause?.originalCode === '40P01';
}

/**
 * Runs `once` again while it fails as a write conflict (isWriteConflict), `attempts` times in all; before each new
 * try it waits a little longer (`backoffMs` times the tries so far, jittered), so the other side drains first.
 * `once` must be a whole transaction: a conflict rolls it back, and it runs afresh.
 */
export async function retryingWriteConflicts<T>(
  once: () => Promise<T>,
  { attempts, backoffMs = 0 }: { attempts: number; backoffMs?: number },
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await once();
    } catch (error) {
      if (!isWriteConflict(error) || attempt === attempts) throw error;
      if (backoffMs > 0) await new Promise((resolve) => setTimeout(resolve, attempt * backoffMs * (0.5 + Math.random())));
    }
  }
}

/**
 * A write that named a row that is gone, the same on SQLite and PostgreSQL: a foreign key to a deleted row (P2003)
 * or an update or delete of a row that is no longer there (P2025).
 */
export function isMissingRow(error: unknown): boolean {
  const code = prismaCode(error);
  return code === 'P2003' || code === 'P2025';
}

export type Once<Earlier, Created> = { duplicate: true; earlier: Earlier } | { duplicate: false; created: Created };

/**
 * Creates a record at most once per client request id: a retry, sequential or concurrent, gets the first
 * record back instead (the unique (userId, clientRequestId) index settles concurrent ones). Without an id,
 * every call creates.
 */
export async function createOnce<Earlier, Created>(
  clientRequestId: string | undefined,
  findEarlier: (clientRequestId: string) => Promise<Earlier | null>,
  create: () => Promise<Created>,
): Promise<Once<Earlier, Created>> {
  if (clientRequestId) {
    const earlier = await findEarlier(clientRequestId);
    if (earlier) return { duplicate: true, earlier };
  }
  try {
    return { duplicate: false, created: await create() };
  } catch (error) {
    if (clientRequestId && isUniqueViolation(error)) {
      const earlier = await findEarlier(clientRequestId);
      if (earlier) return { duplicate: true, earlier };
    }
    throw error;
  }
}
