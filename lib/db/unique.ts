// Unique constraints as the answer to a race: whoever inserted first wins, the others read what it wrote.

/** Prisma's unique-constraint violation (P2002), the same on SQLite and PostgreSQL. */
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: string }).code === 'P2002';
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
