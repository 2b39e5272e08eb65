import { createContext, useContext } from 'react';

/** Opens the shell's lead modal, optionally with a destination already chosen. */
export type OpenLeadModal = (destinationId?: number) => void;

export const LeadModalContext = createContext<OpenLeadModal>(() => undefined);

export const useLeadModal = (): OpenLeadModal => useContext(LeadModalContext);
