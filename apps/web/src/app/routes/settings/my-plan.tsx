import { MyPlan } from '../../../features/settings/my-plan.tsx';

export function Component() {
  return <MyPlan />;
}
