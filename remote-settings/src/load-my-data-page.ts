/** 'Meus dados' loads apart from the menu, as 'Conta' does (load-account-page.ts). */
export const loadMyDataPage = () => import('./my-data-area');
