import { UsersScreen } from './users-screen';

/** /admin/AdminList: the administrators (roles 1 and 2) only. */
export default function AdminListPage() {
  return <UsersScreen adminsOnly />;
}
