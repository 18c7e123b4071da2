import { AppointmentList } from '@/features/appointments/components/appointment-list';

/** /subscribeList: appointments, the doctor's bookings or the expert's. */
export default function SubscribeListPage() {
  return <AppointmentList />;
}
