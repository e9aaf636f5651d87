import { Link } from 'react-router';
import { useProductConfig } from '../../lib/product-config.ts';

/** The product's mark and name, linking home. */
export function BrandLink() {
  const { productName } = useProductConfig();
  return (
    <Link className="brand" to="/" aria-label={`${productName} home`}>
      <span className="brand__mark" aria-hidden="true">
        {productName.charAt(0)}
      </span>
      <span className="brand__name">{productName}</span>
    </Link>
  );
}
