import { Link } from 'react-router';
import { useProductConfig } from '../../lib/product-config.ts';
import { BrandMark } from '../icons.tsx';

/** The product's mark and name, linking home. */
export function BrandLink() {
  const { productName } = useProductConfig();
  return (
    <Link className="brand" to="/" aria-label={`${productName} home`}>
      <span className="brand__mark" aria-hidden="true">
        <BrandMark width={18} height={18} />
      </span>
      <span className="brand__name">{productName}</span>
    </Link>
  );
}
