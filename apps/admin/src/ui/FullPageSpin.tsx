import { Flex, Spin } from 'antd';

export function FullPageSpin({ tip }: { tip?: string }) {
  return (
    <Flex align="center" justify="center" vertical gap={12} style={{ minHeight: '60vh' }}>
      <Spin size="large" />
      {tip ? <span style={{ color: 'rgba(0,0,0,0.45)' }}>{tip}</span> : null}
    </Flex>
  );
}
