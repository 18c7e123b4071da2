import { ReviewList } from '@/features/diagnosis/components/review-list';

/** /reportReview: administrators holding "report view" review signed reports before release. */
export default function ReportReviewPage() {
  return <ReviewList />;
}
