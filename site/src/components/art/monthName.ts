/** 'YYYY-MM-01' -> 'November 2026' (a vote's month). */
export const monthName = (month: string) =>
  new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${month.slice(0, 7)}-15T12:00:00Z`));
