import { TAX_CATEGORIES, type TaxCategory } from '@keen/rules';

/** How the dashboard names a product's tax category, in the order the rules list them. */
export const TAX_CATEGORY_LABELS: Record<TaxCategory, string> = { standard: 'Standard', reduced: 'Reduced', zero: 'Zero' };

export const TAX_CATEGORY_OPTIONS = TAX_CATEGORIES.map((category) => ({ value: category, label: TAX_CATEGORY_LABELS[category] }));
