export function ProductList() {
  return <div>Products</div>;
}
