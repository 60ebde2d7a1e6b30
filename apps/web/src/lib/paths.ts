/**
 * Every page's URL in one place (docs/requirements.md §2; docs/design.md "Layout"): `pattern` is what the router
 * matches, `href(...)` builds a link to it. Links, redirects and the route table all use these; no other file
 * spells a page path.
 */

/** A page without parameters. */
function page<P extends string>(pattern: P) {
  return { pattern, href: () => pattern };
}

export const paths = {
  home: page('/'),
  homeAlias: page('/home'),
  parts: page('/parts'),
  /** docs/requirements.md §12: a part's page (details, fitment table, order action). */
  part: {
    pattern: '/parts/:id',
    href: (partId: string) => `/parts/${encodeURIComponent(partId)}`,
  },
  login: page('/login'),
  signup: page('/signup'),
  /** docs/requirements.md §13, Email: "Forgot password?", and the pages the mailed links open (`?token=…`). */
  forgotPassword: page('/forgot-password'),
  resetPassword: page('/reset-password'),
  verifyEmail: page('/verify-email'),
  /** docs/requirements.md §14 "Company accounts": the page an invitation mail's link opens (anyone). */
  invitation: {
    pattern: '/invitations/:token',
    href: (token: string) => `/invitations/${encodeURIComponent(token)}`,
  },
  purchase: {
    pattern: '/purchase/:productId',
    href: (productId: string) => `/purchase/${encodeURIComponent(productId)}`,
  },
  updateProfile: page('/updateprofile'),
  /** docs/requirements.md §11: the cart (visitors and customers), quick order and checkout (customers). */
  cart: page('/cart'),
  quickOrder: page('/quick-order'),
  checkout: page('/checkout'),
  blogs: page('/blogs'),
  aboutUs: page('/aboutus'),
  contactUs: page('/contactus'),
  myPortfolio: page('/myportfolio'),
  dashboard: {
    root: page('/dashboard'),
    /** The admin's dashboard home (docs/requirements.md §13, "Dashboard"): where an admin's Dashboard links go. */
    overview: page('/dashboard/overview'),
    myProfile: page('/dashboard/myprofile'),
    myOrders: page('/dashboard/myorders'),
    addReview: page('/dashboard/addreview'),
    payment: {
      pattern: '/dashboard/payment/:id',
      href: (orderId: string) => `/dashboard/payment/${encodeURIComponent(orderId)}`,
    },
    /** One order's page (its owner or an admin). */
    order: {
      pattern: '/dashboard/orders/:id',
      href: (orderId: string) => `/dashboard/orders/${encodeURIComponent(orderId)}`,
    },
    /** docs/requirements.md §14 "Company accounts": the customer's company, and its approvals (owners, managers). */
    company: page('/dashboard/company'),
    approvals: page('/dashboard/approvals'),
    /** docs/requirements.md §15 "Trade terms": the company's account (owners, managers): terms, balance, invoices. */
    account: page('/dashboard/account'),
    /** docs/requirements.md §14: the admins' company list and one company's page. */
    companies: page('/dashboard/companies'),
    adminCompany: {
      pattern: '/dashboard/companies/:id',
      href: (companyId: string) => `/dashboard/companies/${encodeURIComponent(companyId)}`,
    },
    /** docs/requirements.md §15 "Trade terms": the admins' price levels and receivables report. */
    priceLevels: page('/dashboard/price-levels'),
    receivables: page('/dashboard/receivables'),
    /** docs/requirements.md §16 "Shipping": the admins' delivery methods and tax rates by destination. */
    shippingMethods: page('/dashboard/shipping-methods'),
    taxRates: page('/dashboard/tax-rates'),
    /** docs/requirements.md §17 "Returns": the buyer's returns and one return; the admins' Manage Returns. */
    myReturns: page('/dashboard/returns'),
    returnDetail: {
      pattern: '/dashboard/returns/:id',
      href: (returnId: string) => `/dashboard/returns/${encodeURIComponent(returnId)}`,
    },
    manageReturns: page('/dashboard/manage-returns'),
    users: page('/dashboard/users'),
    manageOrders: page('/dashboard/manageorders'),
    addProduct: page('/dashboard/addproduct'),
    manageProducts: page('/dashboard/manageproducts'),
    editProduct: {
      pattern: '/dashboard/manageproducts/:id',
      href: (partId: string) => `/dashboard/manageproducts/${encodeURIComponent(partId)}`,
    },
  },
  notFound: page('*'),
} as const;
