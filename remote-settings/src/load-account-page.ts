/**
 * The 'Conta' page, its forms and its query client load apart from the menu, which needs none of
 * them; the menu starts this when the pointer or the focus comes to its 'Conta' link, so the page
 * is usually there by the click.
 */
export const loadAccountPage = () => import('./account-area');
