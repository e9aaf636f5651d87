import { expertResponseText } from '@unstuck/contract';
import { useExpertResponse } from '../lib/product-config.ts';

/**
 * "An expert usually replies within 3 hours" (docs/product.md "Expected first reply"), from the server's
 * figure; nothing while it has none.
 */
export function ExpectedReply({ className }: { className: string }) {
  const response = useExpertResponse();
  return response ? <p className={className}>{expertResponseText(response)}</p> : null;
}
