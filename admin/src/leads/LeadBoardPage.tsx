import { lazy, Suspense } from 'react';
import { Loading } from 'react-admin';

// The drag-and-drop library loads only with the board.
const LeadBoard = lazy(() => import('./LeadBoard').then((m) => ({ default: m.LeadBoard })));

export function LeadBoardPage() {
  return (
    <Suspense fallback={<Loading />}>
      <LeadBoard />
    </Suspense>
  );
}
