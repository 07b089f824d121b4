import { createContext, useContext } from 'react';

/** The element in the page header where the active remote puts its action buttons. */
export const HeaderSlotContext = createContext<HTMLElement | null>(null);
export const useHeaderSlot = () => useContext(HeaderSlotContext);
