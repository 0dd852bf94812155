// antd's Result on its own, for `LazyResult` to load when a page first shows one.
export { Result } from 'antd';
