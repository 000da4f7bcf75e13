export { operatorsRoutes } from './routes';
export { ensureFirstOperator, audit, type Operator, type OperatorRole } from './service';
export { requireOperator, currentOperator } from './auth';
export { operatorNamesByIds } from './operator-lookup';
