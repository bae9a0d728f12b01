// @poolkit/core/access: the route table with its roles, the navigation guard decision, permissions.
export * from './decideNavigation';
export * from './decideRolesLoadFailure';
export * from './filterRoutesByRoles';
export * from './matchRoute';
export * from './permissions';
export * from './routes';
export * from './safeRedirectPath';
export * from './shouldScrollToTop';
