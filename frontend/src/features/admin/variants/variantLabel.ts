import type { Variant } from './optionsDraft';

/** How a variant reads in buttons and messages: its name, or "Default" for a product's only variant. */
export const variantLabel = (variant: Pick<Variant, 'name'>) => variant.name || 'Default';
