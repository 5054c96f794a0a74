import { ProfilePage } from '@/features/profile';
import { SecondFactorCard } from '@/features/second-factor';

/**
 * 个人信息 with its 双因素认证 section: two features, composed here (a feature never imports another).
 * The section is a lazy component of its own, fetched as the page renders.
 */
export function ProfileScreen() {
  return <ProfilePage secondFactor={<SecondFactorCard />} />;
}
