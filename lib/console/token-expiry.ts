// Token lifetimes offered on the Connect page (days, or never). No imports: the form in the browser uses it too.

export const EXPIRY_CHOICES = ['30', '90', '365', 'never'] as const;

export const EXPIRY_LABELS: Record<(typeof EXPIRY_CHOICES)[number], string> = {
  '30': '30 days',
  '90': '90 days',
  '365': '365 days',
  never: 'Never',
};
