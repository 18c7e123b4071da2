import { UsersScreen } from './users-screen';

/** /manage/usersManagement: every user of the hospitals the administrator may see. */
export default function UsersManagementPage() {
  return <UsersScreen adminsOnly={false} />;
}
