import { SlideStatisticsScreen } from '@/features/slide-statistics/components/slide-statistics-screen';

/** /total/ThoughTotal: slide totals for administrators holding "data statistics". */
export default function SlideStatisticsPage() {
  return <SlideStatisticsScreen />;
}
