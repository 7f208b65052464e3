/** The service's message when there is one, else the screen's fallback text. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error && typeof error === 'object' && 'message' in error) {
    const message = (error as { message?: unknown }).message;
    if (typeof message === 'string' && message.trim() && message !== '{}') return message;
  }
  return fallback;
}
