import { CommonWordsScreen } from './common-words-screen';

/** /CommonWordManage: the common words of the experts of the hospitals the administrator runs. */
export default function CommonWordManagePage() {
  return <CommonWordsScreen mode="manage" />;
}
