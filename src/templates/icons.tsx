// Icons for server-rendered markup, from antd's own icon set (@ant-design/icons-svg, bundled into the server
// at build time), rendered as antd renders them: <span class="anticon anticon-NAME"><svg …/></span>.
// Menu items name their icon with antd 3 type names ('home', 'menu-fold', 'area-chart'); a name outside this
// set renders nothing (the collapsed menu then shows the title's first character, as antd does).
import { jsx } from 'hono/jsx';
import type { AbstractNode, IconDefinition } from '@ant-design/icons-svg/es/types.js';
import Home from '@ant-design/icons-svg/es/asn/HomeOutlined.js';
import Highlight from '@ant-design/icons-svg/es/asn/HighlightOutlined.js';
import Picture from '@ant-design/icons-svg/es/asn/PictureOutlined.js';
import Read from '@ant-design/icons-svg/es/asn/ReadOutlined.js';
import Form from '@ant-design/icons-svg/es/asn/FormOutlined.js';
import Idcard from '@ant-design/icons-svg/es/asn/IdcardOutlined.js';
import Book from '@ant-design/icons-svg/es/asn/BookOutlined.js';
import Cluster from '@ant-design/icons-svg/es/asn/ClusterOutlined.js';
import Setting from '@ant-design/icons-svg/es/asn/SettingOutlined.js';
import Message from '@ant-design/icons-svg/es/asn/MessageOutlined.js';
import Dashboard from '@ant-design/icons-svg/es/asn/DashboardOutlined.js';
import Experiment from '@ant-design/icons-svg/es/asn/ExperimentOutlined.js';
import Table from '@ant-design/icons-svg/es/asn/TableOutlined.js';
import Warning from '@ant-design/icons-svg/es/asn/WarningOutlined.js';
import User from '@ant-design/icons-svg/es/asn/UserOutlined.js';
import Cloud from '@ant-design/icons-svg/es/asn/CloudOutlined.js';
import MenuFold from '@ant-design/icons-svg/es/asn/MenuFoldOutlined.js';
import MenuUnfold from '@ant-design/icons-svg/es/asn/MenuUnfoldOutlined.js';
import Search from '@ant-design/icons-svg/es/asn/SearchOutlined.js';
import Close from '@ant-design/icons-svg/es/asn/CloseOutlined.js';
import Reload from '@ant-design/icons-svg/es/asn/ReloadOutlined.js';
import Bell from '@ant-design/icons-svg/es/asn/BellOutlined.js';
import Tool from '@ant-design/icons-svg/es/asn/ToolOutlined.js';
import Appstore from '@ant-design/icons-svg/es/asn/AppstoreOutlined.js';
import Team from '@ant-design/icons-svg/es/asn/TeamOutlined.js';
import File from '@ant-design/icons-svg/es/asn/FileOutlined.js';
import FileText from '@ant-design/icons-svg/es/asn/FileTextOutlined.js';
import Profile from '@ant-design/icons-svg/es/asn/ProfileOutlined.js';
import Bars from '@ant-design/icons-svg/es/asn/BarsOutlined.js';
import Solution from '@ant-design/icons-svg/es/asn/SolutionOutlined.js';
import Audit from '@ant-design/icons-svg/es/asn/AuditOutlined.js';
import Notification from '@ant-design/icons-svg/es/asn/NotificationOutlined.js';
import Lock from '@ant-design/icons-svg/es/asn/LockOutlined.js';
import Safety from '@ant-design/icons-svg/es/asn/SafetyOutlined.js';
import Global from '@ant-design/icons-svg/es/asn/GlobalOutlined.js';
import Link from '@ant-design/icons-svg/es/asn/LinkOutlined.js';
import Database from '@ant-design/icons-svg/es/asn/DatabaseOutlined.js';
import Desktop from '@ant-design/icons-svg/es/asn/DesktopOutlined.js';
import Code from '@ant-design/icons-svg/es/asn/CodeOutlined.js';
import Bug from '@ant-design/icons-svg/es/asn/BugOutlined.js';
import Calendar from '@ant-design/icons-svg/es/asn/CalendarOutlined.js';
import Check from '@ant-design/icons-svg/es/asn/CheckOutlined.js';
import Logout from '@ant-design/icons-svg/es/asn/LogoutOutlined.js';
import Edit from '@ant-design/icons-svg/es/asn/EditOutlined.js';
import Delete from '@ant-design/icons-svg/es/asn/DeleteOutlined.js';
import Plus from '@ant-design/icons-svg/es/asn/PlusOutlined.js';
import Eye from '@ant-design/icons-svg/es/asn/EyeOutlined.js';
import Star from '@ant-design/icons-svg/es/asn/StarOutlined.js';
import Like from '@ant-design/icons-svg/es/asn/LikeOutlined.js';
import Trophy from '@ant-design/icons-svg/es/asn/TrophyOutlined.js';
import Project from '@ant-design/icons-svg/es/asn/ProjectOutlined.js';
import Schedule from '@ant-design/icons-svg/es/asn/ScheduleOutlined.js';
import Laptop from '@ant-design/icons-svg/es/asn/LaptopOutlined.js';
import Fund from '@ant-design/icons-svg/es/asn/FundOutlined.js';
import AreaChart from '@ant-design/icons-svg/es/asn/AreaChartOutlined.js';
import BarChart from '@ant-design/icons-svg/es/asn/BarChartOutlined.js';
import PieChart from '@ant-design/icons-svg/es/asn/PieChartOutlined.js';
import LineChart from '@ant-design/icons-svg/es/asn/LineChartOutlined.js';
import Tags from '@ant-design/icons-svg/es/asn/TagsOutlined.js';
import Tag from '@ant-design/icons-svg/es/asn/TagOutlined.js';
import Inbox from '@ant-design/icons-svg/es/asn/InboxOutlined.js';
import Folder from '@ant-design/icons-svg/es/asn/FolderOutlined.js';
import FolderOpen from '@ant-design/icons-svg/es/asn/FolderOpenOutlined.js';
import Mail from '@ant-design/icons-svg/es/asn/MailOutlined.js';
import Phone from '@ant-design/icons-svg/es/asn/PhoneOutlined.js';
import Shop from '@ant-design/icons-svg/es/asn/ShopOutlined.js';
import Gift from '@ant-design/icons-svg/es/asn/GiftOutlined.js';
import Heart from '@ant-design/icons-svg/es/asn/HeartOutlined.js';
import Flag from '@ant-design/icons-svg/es/asn/FlagOutlined.js';
import Compass from '@ant-design/icons-svg/es/asn/CompassOutlined.js';
import Environment from '@ant-design/icons-svg/es/asn/EnvironmentOutlined.js';
import Api from '@ant-design/icons-svg/es/asn/ApiOutlined.js';
import Control from '@ant-design/icons-svg/es/asn/ControlOutlined.js';
import Sound from '@ant-design/icons-svg/es/asn/SoundOutlined.js';
import VideoCamera from '@ant-design/icons-svg/es/asn/VideoCameraOutlined.js';
import Camera from '@ant-design/icons-svg/es/asn/CameraOutlined.js';
import PlayCircle from '@ant-design/icons-svg/es/asn/PlayCircleOutlined.js';
import InfoCircle from '@ant-design/icons-svg/es/asn/InfoCircleOutlined.js';
import Rocket from '@ant-design/icons-svg/es/asn/RocketOutlined.js';
import Bulb from '@ant-design/icons-svg/es/asn/BulbOutlined.js';
import Crown from '@ant-design/icons-svg/es/asn/CrownOutlined.js';
import Smile from '@ant-design/icons-svg/es/asn/SmileOutlined.js';
import Apartment from '@ant-design/icons-svg/es/asn/ApartmentOutlined.js';
import UsergroupAdd from '@ant-design/icons-svg/es/asn/UsergroupAddOutlined.js';
import UserAdd from '@ant-design/icons-svg/es/asn/UserAddOutlined.js';
import ShoppingCart from '@ant-design/icons-svg/es/asn/ShoppingCartOutlined.js';
import AccountBook from '@ant-design/icons-svg/es/asn/AccountBookOutlined.js';
import Copy from '@ant-design/icons-svg/es/asn/CopyOutlined.js';
import Snippets from '@ant-design/icons-svg/es/asn/SnippetsOutlined.js';
import Container from '@ant-design/icons-svg/es/asn/ContainerOutlined.js';
import CloudUpload from '@ant-design/icons-svg/es/asn/CloudUploadOutlined.js';
import CloudDownload from '@ant-design/icons-svg/es/asn/CloudDownloadOutlined.js';
import Upload from '@ant-design/icons-svg/es/asn/UploadOutlined.js';
import Download from '@ant-design/icons-svg/es/asn/DownloadOutlined.js';
import Printer from '@ant-design/icons-svg/es/asn/PrinterOutlined.js';
import Fire from '@ant-design/icons-svg/es/asn/FireOutlined.js';
import Thunderbolt from '@ant-design/icons-svg/es/asn/ThunderboltOutlined.js';
import QuestionCircle from '@ant-design/icons-svg/es/asn/QuestionCircleOutlined.js';
import Sync from '@ant-design/icons-svg/es/asn/SyncOutlined.js';
import History from '@ant-design/icons-svg/es/asn/HistoryOutlined.js';
import Alert from '@ant-design/icons-svg/es/asn/AlertOutlined.js';
import Skin from '@ant-design/icons-svg/es/asn/SkinOutlined.js';
import Block from '@ant-design/icons-svg/es/asn/BlockOutlined.js';
import Robot from '@ant-design/icons-svg/es/asn/RobotOutlined.js';
import Exception from '@ant-design/icons-svg/es/asn/ExceptionOutlined.js';
import Key from '@ant-design/icons-svg/es/asn/KeyOutlined.js';
import Qrcode from '@ant-design/icons-svg/es/asn/QrcodeOutlined.js';
import Wallet from '@ant-design/icons-svg/es/asn/WalletOutlined.js';
import Hdd from '@ant-design/icons-svg/es/asn/HddOutlined.js';
import Monitor from '@ant-design/icons-svg/es/asn/MonitorOutlined.js';
import Build from '@ant-design/icons-svg/es/asn/BuildOutlined.js';
import Calculator from '@ant-design/icons-svg/es/asn/CalculatorOutlined.js';

const ICONS: Record<string, IconDefinition> = {
  'home': Home,
  'highlight': Highlight,
  'picture': Picture,
  'read': Read,
  'form': Form,
  'idcard': Idcard,
  'book': Book,
  'cluster': Cluster,
  'setting': Setting,
  'message': Message,
  'dashboard': Dashboard,
  'experiment': Experiment,
  'table': Table,
  'warning': Warning,
  'user': User,
  'cloud': Cloud,
  'menu-fold': MenuFold,
  'menu-unfold': MenuUnfold,
  'search': Search,
  'close': Close,
  'reload': Reload,
  'bell': Bell,
  'tool': Tool,
  'appstore': Appstore,
  'team': Team,
  'file': File,
  'file-text': FileText,
  'profile': Profile,
  'bars': Bars,
  'solution': Solution,
  'audit': Audit,
  'notification': Notification,
  'lock': Lock,
  'safety': Safety,
  'global': Global,
  'link': Link,
  'database': Database,
  'desktop': Desktop,
  'code': Code,
  'bug': Bug,
  'calendar': Calendar,
  'check': Check,
  'logout': Logout,
  'edit': Edit,
  'delete': Delete,
  'plus': Plus,
  'eye': Eye,
  'star': Star,
  'like': Like,
  'trophy': Trophy,
  'project': Project,
  'schedule': Schedule,
  'laptop': Laptop,
  'fund': Fund,
  'area-chart': AreaChart,
  'bar-chart': BarChart,
  'pie-chart': PieChart,
  'line-chart': LineChart,
  'tags': Tags,
  'tag': Tag,
  'inbox': Inbox,
  'folder': Folder,
  'folder-open': FolderOpen,
  'mail': Mail,
  'phone': Phone,
  'shop': Shop,
  'gift': Gift,
  'heart': Heart,
  'flag': Flag,
  'compass': Compass,
  'environment': Environment,
  'api': Api,
  'control': Control,
  'sound': Sound,
  'video-camera': VideoCamera,
  'camera': Camera,
  'play-circle': PlayCircle,
  'info-circle': InfoCircle,
  'rocket': Rocket,
  'bulb': Bulb,
  'crown': Crown,
  'smile': Smile,
  'apartment': Apartment,
  'usergroup-add': UsergroupAdd,
  'user-add': UserAdd,
  'shopping-cart': ShoppingCart,
  'account-book': AccountBook,
  'copy': Copy,
  'snippets': Snippets,
  'container': Container,
  'cloud-upload': CloudUpload,
  'cloud-download': CloudDownload,
  'upload': Upload,
  'download': Download,
  'printer': Printer,
  'fire': Fire,
  'thunderbolt': Thunderbolt,
  'question-circle': QuestionCircle,
  'sync': Sync,
  'history': History,
  'alert': Alert,
  'skin': Skin,
  'block': Block,
  'robot': Robot,
  'exception': Exception,
  'key': Key,
  'qrcode': Qrcode,
  'wallet': Wallet,
  'hdd': Hdd,
  'monitor': Monitor,
  // The public site's front menu (teaching-open's seed: 创作, 课程).
  'build': Build,
  'calculator': Calculator,
};

/** antd 3 names that differ from the icon-set names. */
const ALIASES: Record<string, string> = { 'dashboard-o': 'dashboard', 'setting-o': 'setting', 'user-o': 'user' };

/** Every icon name this set renders (the icon choices of the menu forms). */
export const ICON_NAMES: readonly string[] = Object.keys(ICONS);

export const hasIcon = (name: string | null | undefined): boolean => !!name && !!ICONS[ALIASES[name] ?? name];

/** Renders the icon-set's abstract node tree (paths, and the odd group) as SVG elements. */
function Nodes({ nodes }: { nodes: AbstractNode[] }) {
  return <>{nodes.map((n) => jsx(n.tag, n.attrs, n.children ? <Nodes nodes={n.children} /> : null))}</>;
}

/** `decorative`: the icon sits beside text that says the same (a menu entry), so assistive technology skips it. */
export function Icon({ name, class: extra, decorative = false }: { name: string; class?: string; decorative?: boolean }) {
  const def = ICONS[ALIASES[name] ?? name];
  if (!def || typeof def.icon === 'function') return null;
  const { attrs, children = [] } = def.icon;
  const a11y = decorative ? { 'aria-hidden': 'true' } : { role: 'img', 'aria-label': def.name };
  return (
    <span {...a11y} class={`anticon anticon-${def.name}${extra ? ` ${extra}` : ''}`}>
      <svg {...attrs} data-icon={def.name} width="1em" height="1em" fill="currentColor" aria-hidden="true">
        <Nodes nodes={children} />
      </svg>
    </span>
  );
}

/** The id of an icon's <symbol> in a page's sprite (IconSprite). */
const symbolId = (name: string) => `xt-i-${ALIASES[name] ?? name}`;

/**
 * One hidden <svg> holding each named icon once as a <symbol>: a page that repeats an icon (the view and like
 * marks of every work card) draws it with SpriteIcon, a short <use>, instead of a copy of its paths each time.
 */
export function IconSprite({ names }: { names: readonly string[] }) {
  return (
    <svg class="xt-sprite" width="0" height="0" aria-hidden="true" focusable="false">
      {names.map((name) => {
        const def = ICONS[ALIASES[name] ?? name];
        if (!def || typeof def.icon === 'function') return null;
        return (
          <symbol id={symbolId(name)} viewBox={String(def.icon.attrs.viewBox ?? '0 0 1024 1024')}>
            <Nodes nodes={def.icon.children ?? []} />
          </symbol>
        );
      })}
    </svg>
  );
}

/** An icon of the page's IconSprite; always decorative (the text beside it, or hidden text, says what it means). */
export function SpriteIcon({ name }: { name: string }) {
  return (
    <svg class="xt-i" data-icon={name} width="1em" height="1em" fill="currentColor" aria-hidden="true" focusable="false">
      <use href={`#${symbolId(name)}`} />
    </svg>
  );
}
