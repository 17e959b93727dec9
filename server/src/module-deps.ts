import type { CallService } from './calls/call.service';
import type { ChannelService } from './channels/channel.service';
import type { ChatService } from './chat/chat.service';
import type { CommandService } from './commands/command.service';
import type { CoreDeps } from './core-deps';
import type { DeviceService } from './devices/device.service';
import type { JanusChecker } from './diagnostics/janus-check';
import type { ServiceStatusChecker } from './diagnostics/service-status';
import type { EnterpriseService } from './enterprise/enterprise.service';
import type { FenceCache } from './fences/fence-cache';
import type { FenceMonitor } from './fences/fence-monitor';
import type { FenceService } from './fences/fence.service';
import type { FileService } from './files/file.service';
import type { LocationService } from './locations/location.service';
import type { MonitorRooms } from './media/monitor-rooms';
import type { MonitorService } from './monitor/monitor.service';
import type { NoticeService } from './notices/notice.service';
import type { PackageService } from './packages/package.service';
import type { PatrolCache } from './patrol/patrol-cache';
import type { PatrolMonitor } from './patrol/patrol-monitor';
import type { PatrolPlanService } from './patrol/patrol-plan.service';
import type { PatrolTick } from './patrol/patrol-tick';
import type { PatrolService } from './patrol/patrol.service';
import type { AllCallService } from './ptt/allcall.service';
import type { FloorService } from './ptt/floor.service';
import type { PatchService } from './ptt/patch.service';
import type { RecentBursts } from './ptt/recent-bursts';
import type { RecordRepository } from './records/record.repository';
import type { DisplayService } from './screen/display.service';
import type { ScreenCountsTicker } from './screen/screen-counts';
import type { ScreenService } from './screen/screen.service';
import type { SosEscalation } from './sos/sos-escalation';
import type { SosSettingsService } from './sos/sos-settings';
import type { SosService } from './sos/sos.service';
import type { ChannelSheets } from './spreadsheets/channel-sheets';
import type { UserSheets } from './spreadsheets/user-sheets';
import type { TempChannelService } from './temp-channels/temp-channel.service';
import type { UserService } from './users/user.service';
import type { WatchService } from './watch/watch.service';

/**
 * What route handlers (`ctx.deps`) and real-time handlers (`register...Realtime(deps)`) get: the
 * core plus every feature service, each made once per app by `composeModules` (compose.ts). A
 * service with timers or caches (commands, calls, floors, fences, locations, monitor sessions)
 * exists once, so its REST and /ws2 sides see the same state.
 */
export interface ModuleDeps extends CoreDeps {
  enterprise: EnterpriseService;
  users: UserService;
  userSheets: UserSheets;
  channels: ChannelService;
  channelSheets: ChannelSheets;
  chat: ChatService;
  devices: DeviceService;
  commands: CommandService;
  monitor: MonitorService;
  /** Monitor sessions' rooms, shared by the command service and the /janus proxy; null without Janus. */
  monitorRooms: MonitorRooms | null;
  fileService: FileService;
  records: RecordRepository;
  locations: LocationService;
  sos: SosService;
  /** Escalation time and embedding origins; the origins cached per node for a few seconds. */
  sosSettings: SosSettingsService;
  /** The escalation sweep, started when the app is ready and stopped when it closes. */
  sosEscalation: SosEscalation;
  calls: CallService;
  fences: FenceService;
  /** Per node; dropped by fence changes from any node. */
  fenceCache: FenceCache;
  fenceMonitor: FenceMonitor;
  packages: PackageService;
  notices: NoticeService;
  tempChannels: TempChannelService;
  floors: FloorService;
  /** Live patches: in this node's memory (ADR 024). */
  patches: PatchService;
  allCalls: AllCallService;
  recentBursts: RecentBursts;
  janusCheck: JanusChecker;
  /** Database, Redis and Janus as this node reaches them (the console's banner); closed with the app. */
  serviceStatus: ServiceStatusChecker;
  watch: WatchService;
  /** The large screen's reads and counts (ADR 026); its channel list and user total cached per node. */
  screen: ScreenService;
  /** Paired wall displays: pairing, credentials, revocation. */
  displays: DisplayService;
  /** Per node: the counts of organisations with a screen socket here, started and stopped with the app. */
  screenCounts: ScreenCountsTicker;
  /** Patrol nodes, tasks, members and start now (ADR 029). */
  patrolPlan: PatrolPlanService;
  /** Patrol check-ins, records, members, dashboard. */
  patrol: PatrolService;
  /** Per node: the organisations' active runs for the GPS path. */
  patrolCache: PatrolCache;
  patrolMonitor: PatrolMonitor;
  /** Scheduled runs, overdue stops and run ends; started and stopped with the app. */
  patrolTick: PatrolTick;
}
