/** What the platform-suppliers module offers; only the composition root registers its routes. */
export { platformSuppliersRoutes } from './platform-suppliers.routes';
export type { NamedSuppliers, PlatformSuppliersDeps } from './platform-suppliers.service';
