import { MyPlan } from '../../../features/billing/my-plan.tsx';

export function Component() {
  return <MyPlan />;
}
