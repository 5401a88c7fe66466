import { AppError } from '../common/errors';

/** The old client's `{ success }` answers: "already exist" (a conflict) is `{ success: false, message }`, not an error. */
export async function successUnlessConflict<T extends { success: true }>(
  work: () => Promise<T>,
): Promise<T | { success: false; message: string }> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof AppError && error.code === 'CONFLICT') return { success: false, message: error.message };
    throw error;
  }
}
