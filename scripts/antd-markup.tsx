// Prints the markup antd renders for the components our server templates imitate, with our theme
// (hashed: false, cssVar key 'app'), so templates can use exactly the same class lists.
// Run: npx esbuild scripts/antd-markup.tsx --bundle --platform=node --format=esm --jsx=automatic \
//        --jsx-import-source=react --packages=external --outfile=/tmp/antd-markup.mjs && node /tmp/antd-markup.mjs
/** @jsxImportSource react */
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { Button, ConfigProvider, Input, Table, Pagination, Form, Select, Tabs, Badge, Layout, Switch, Radio, Checkbox, Descriptions, Empty, Space, Divider, Avatar, Spin, DatePicker, type ThemeConfig } from 'antd';
const THEME: ThemeConfig = { hashed: false, cssVar: { key: 'app' } };
const w = (label: string, n: ReactNode) => console.log(`\n<!-- ${label} -->\n` + renderToStaticMarkup(<ConfigProvider theme={THEME}>{n}</ConfigProvider>));
w('Table', <Table size="middle" bordered rowKey="id" rowSelection={{ selectedRowKeys: [] }} pagination={false}
  columns={[{ title: '#', dataIndex: 'i', width: 60, align: 'center' }, { title: '账号', dataIndex: 'u', sorter: true, sortOrder: 'ascend' }, { title: '操作', dataIndex: 'a' }]}
  dataSource={[{ id: '1', i: 1, u: 'admin', a: 'x' }]} />);
w('Table empty', <Table size="middle" rowKey="id" pagination={false} columns={[{ title: '账号', dataIndex: 'u' }]} dataSource={[]} />);
w('Pagination', <Pagination current={2} total={95} pageSize={10} showSizeChanger showQuickJumper showTotal={(t, r) => `${r[0]}-${r[1]} 共${t}条`} />);
w('Form', <Form layout="inline"><Form.Item label="账号" validateStatus="error" help="请输入账号"><Input /></Form.Item><Form.Item><Button type="primary" htmlType="submit">查询</Button></Form.Item></Form>);
w('FormH', <Form layout="horizontal" labelCol={{ span: 5 }} wrapperCol={{ span: 16 }}><Form.Item label="账号" required><Input /></Form.Item></Form>);
w('Select', <Select style={{ width: 200 }} placeholder="请选择" options={[{ value: '1', label: '男' }]} />);
w('Tabs', <Tabs type="editable-card" hideAdd activeKey="a" items={[{ key: 'a', label: '首页', closable: false }, { key: 'b', label: '用户管理' }]} />);
w('Badge', <Badge count={5}><span>x</span></Badge>);
w('Switch', <Switch checked />);
w('Radio', <Radio.Group value="a" options={[{ value: 'a', label: 'A' }, { value: 'b', label: 'B' }]} />);
w('Checkbox', <Checkbox checked>记住</Checkbox>);
w('Descriptions', <Descriptions bordered column={2} items={[{ key: 1, label: '账号', children: 'admin' }]} />);
w('Empty', <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />);
w('Space', <Space><Button>a</Button><Button danger>b</Button><Button type="link">c</Button><Button size="small">d</Button></Space>);
w('Divider', <Divider type="vertical" />);
w('Avatar', <Avatar size="small">A</Avatar>);
w('Layout', <Layout><Layout.Sider width={200} theme="light" collapsible collapsed={false} trigger={null}>s</Layout.Sider><Layout><Layout.Header>h</Layout.Header><Layout.Content>c</Layout.Content><Layout.Footer>f</Layout.Footer></Layout></Layout>);
w('Spin', <Spin />);
w('DatePicker', <DatePicker />);
w('InputPassword', <Input.Password placeholder="p" />);
w('TextArea', <Input.TextArea rows={3} />);
