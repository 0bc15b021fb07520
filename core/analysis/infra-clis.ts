/**
 * kubectl, docker/podman, helm and terraform/tofu: a table of their connection options, then one
 * table per read subcommand; everything else changes a cluster, an image store or infrastructure.
 */
import { has, parseTable, value, type ProgramTable } from './table';
import { read, unknown, write, type Verdict } from './verdict';
import type { Arg } from './words';

/**
 * Infrastructure CLIs: the tool's own options are parsed from a table (so an option value is never
 * taken for the subcommand: `kubectl -n get delete pod x` deletes), then the read subcommands take
 * options from a table of display, selection and connection options. Anything else changes
 * containers, clusters or infrastructure, or runs code (helm --post-renderer), or writes a file
 * (terraform plan -out, kubectl --profile-output, helm template --output-dir).
 */
interface Infra {
  globals: ProgramTable;
  /** subcommand (one or two words) -> the options that subcommand's read form takes */
  reads: Record<string, ProgramTable>;
}

const KUBE_CONN = '-n= --namespace= --context= --cluster= --user= --kubeconfig= -s= --server= --token= --as= --as-group= --as-uid= --request-timeout= --certificate-authority= --client-certificate= --client-key= --insecure-skip-tls-verify --tls-server-name= --disable-compression --match-server-version --password= --username= -v= --v= --vmodule= --warnings-as-errors --log-flush-frequency= --cache-dir=W --profile=U --profile-output=W -h --help';

const KUBE_SHOW = '-o= --output= -l= --selector= -A --all-namespaces -w --watch --watch-only --show-labels -L= --label-columns= --sort-by= --field-selector= --no-headers --show-kind --chunk-size= --raw= --subresource= --ignore-not-found --template= --allow-missing-template-keys --show-managed-fields --output-watch-events -f= --filename= -R --recursive -k= --kustomize= --show-events --all';

const kube = (extra: string): ProgramTable => ({ options: `${KUBE_CONN} ${extra}` });

const DOCKER_CONN = '--config=U -c= --context= -D --debug -H= --host= -l= --log-level= --tls --tlscacert= --tlscert= --tlskey= --tlsverify -h --help';

const docker = (extra: string): ProgramTable => ({ options: `${DOCKER_CONN} ${extra}` });

const COMPOSE_CONN = '-f= --file= -p= --project-name= --project-directory= --profile= --env-file= --ansi= --progress= --parallel= --all-resources --compatibility --dry-run';

const HELM_CONN = '--kube-context= --kubeconfig= -n= --namespace= --debug --burst-limit= --qps= --registry-config= --repository-cache=U --repository-config= --kube-apiserver= --kube-as-user= --kube-as-group= --kube-ca-file= --kube-insecure-skip-tls-verify --kube-tls-server-name= --kube-token= --content-cache=U -h --help';

const helm = (extra: string): ProgramTable => ({ options: `${HELM_CONN} ${extra}` });

const TF = '-chdir= -no-color -json -h -help --help -version --version';

const tf = (extra: string): ProgramTable => ({ singleDashLong: true, options: `${TF} ${extra}` });

const TF_PLAN = tf('-var= -var-file= -target= -replace= -refresh= -refresh-only -destroy -lock= -lock-timeout= -input= -parallelism= -compact-warnings -detailed-exitcode -state= -out=W --out=W -generate-config-out=W -state-out=W -backup=W');

export const INFRA: Record<string, Infra> = {
  kubectl: {
    globals: kube(''),
    reads: {
      get: kube(KUBE_SHOW),
      describe: kube(KUBE_SHOW),
      explain: kube('--recursive --api-version= --output='),
      logs: kube('-f --follow -p --previous --tail= --since= --since-time= --timestamps --prefix --all-containers --all-pods --max-log-requests= --limit-bytes= -c= --container= --pod-running-timeout= --ignore-errors -l= --selector='),
      top: kube('-A --all-namespaces -l= --selector= --sort-by= --no-headers --containers --use-protocol-buffers --show-capacity --sum --field-selector='),
      'api-resources': kube('-o= --output= --namespaced= --api-group= --sort-by= --verbs= --cached --no-headers --categories='),
      'api-versions': kube(''),
      'cluster-info': kube(''),
      version: kube('--client -o= --output='),
      'config view': kube('--raw --minify --flatten -o= --output= --template='),
      'config get-contexts': kube('-o= --output= --no-headers'),
      'config current-context': kube(''),
      'config get-clusters': kube(''),
      'config get-users': kube(''),
      'auth can-i': kube('-A --all-namespaces --list --no-headers -q --quiet --subresource='),
      'auth whoami': kube('-o= --output='),
    },
  },
  docker: {
    globals: docker('-v --version'),
    reads: {
      ps: docker('-a --all -f= --filter= --format= -n= --last= -l --latest --no-trunc -q --quiet -s --size'),
      images: docker('-a --all --digests -f= --filter= --format= --no-trunc -q --quiet --tree'),
      'image ls': docker('-a --all --digests -f= --filter= --format= --no-trunc -q --quiet --tree'),
      'container ls': docker('-a --all -f= --filter= --format= -n= --last= -l --latest --no-trunc -q --quiet -s --size'),
      logs: docker('--details -f --follow --since= -n= --tail= -t --timestamps --until='),
      inspect: docker('-f= --format= -s --size --type='),
      version: docker('-f= --format='),
      info: docker('-f= --format='),
      stats: docker('-a --all --format= --no-stream --no-trunc'),
      top: docker(''),
      history: docker('--format= -H --human --no-trunc -q --quiet --platform='),
      search: docker('-f= --filter= --format= --limit= --no-trunc'),
      diff: docker(''),
      port: docker(''),
      'network ls': docker('-f= --filter= --format= --no-trunc -q --quiet'),
      'volume ls': docker('--cluster -f= --filter= --format= -q --quiet'),
      'compose ps': docker(`${COMPOSE_CONN} -a --all --format= -q --quiet --services --status= --filter= --no-trunc --orphans`),
      'compose logs': docker(`${COMPOSE_CONN} -f --follow --index= --no-color --no-log-prefix --since= -n= --tail= -t --timestamps --until=`),
      'compose config': docker(`${COMPOSE_CONN} --format= --hash= --images --no-consistency --no-interpolate --no-normalize --no-path-resolution --profiles -q --quiet --resolve-image-digests --services --variables --volumes --environment -o=W --output=W`),
      'compose ls': docker(`${COMPOSE_CONN} -a --all --filter= --format= -q --quiet`),
    },
  },
  helm: {
    globals: helm(''),
    reads: {
      list: helm('-a --all -A --all-namespaces -d --date --deployed --failed --filter= -m= --max= --no-headers --offset= -o= --output= --pending -r --reverse -l= --selector= -q --short --superseded --time-format= --uninstalled --uninstalling'),
      ls: helm('-a --all -A --all-namespaces -d --date --deployed --failed --filter= -m= --max= --no-headers --offset= -o= --output= --pending -r --reverse -l= --selector= -q --short --superseded --time-format= --uninstalled --uninstalling'),
      status: helm('-o= --output= --revision= --show-desc --show-resources'),
      'get values': helm('-a --all -o= --output= --revision='),
      'get manifest': helm('--revision='),
      'get notes': helm('--revision='),
      'get hooks': helm('--revision='),
      'get all': helm('--revision= --template='),
      'get metadata': helm('-o= --output= --revision='),
      'show chart': helm('--version= --devel --verify --keyring= --ca-file= --cert-file= --key-file= --insecure-skip-tls-verify --plain-http --username= --password= --pass-credentials'),
      'show values': helm('--version= --devel --jsonpath= --verify --keyring= --ca-file= --cert-file= --key-file= --insecure-skip-tls-verify --plain-http --username= --password='),
      'show readme': helm('--version= --devel'),
      'show all': helm('--version= --devel'),
      'show crds': helm('--version= --devel'),
      version: helm('--short --template= -c --client'),
      history: helm('--max= -o= --output='),
      'search repo': helm('-r --regexp --devel -l --versions --version= -o= --output= --max-col-width= --fail-on-no-result'),
      'search hub': helm('--endpoint= -o= --output= --max-col-width= --list-repo-url --fail-on-no-result'),
      lint: helm('--strict --with-subcharts -f= --values= --set= --set-string= --set-file= --set-json= --set-literal= --quiet --kube-version= --skip-schema-validation'),
      template: helm(
        '-f= --values= --set= --set-string= --set-file= --set-json= --set-literal= --version= --devel --skip-crds --include-crds --skip-tests --is-upgrade --api-versions= -a= --kube-version= --validate --release-name --name-template= --create-namespace -s= --show-only= --no-hooks --disable-openapi-validation --description= --enable-dns --labels= --hide-notes --skip-schema-validation --verify --keyring= --post-renderer=X --post-renderer-args=X --output-dir=W --dependency-update!W --repo=U --username=U --password=U --ca-file= --cert-file= --key-file= --insecure-skip-tls-verify --plain-http --pass-credentials',
      ),
      env: helm(''),
      'repo list': helm('-o= --output='),
      'plugin list': helm(''),
    },
  },
  terraform: {
    globals: tf(''),
    reads: {
      version: tf(''),
      show: tf(''),
      output: tf('-raw -state='),
      validate: tf('-no-tests -test-directory='),
      providers: tf(''),
      'providers schema': tf(''),
      graph: tf('-type= -draw-cycles -plan= -module-depth='),
      'state list': tf('-state= -id='),
      'state show': tf('-state='),
      'workspace list': tf(''),
      'workspace show': tf(''),
      plan: TF_PLAN,
      fmt: tf('-check -diff -recursive -list= -write= '),
    },
  },
};
INFRA.tofu = INFRA.terraform!;
INFRA.podman = INFRA.docker!;

export function infra(name: string, args: readonly Arg[]): Verdict {
  const t = INFRA[name]!;
  // the tool's own options first, then the subcommand words
  const g = parseTable(args, { ...t.globals, stopAtOperand: true }, name);
  if (g.unknowns.length) return unknown(g.unknowns[0]!);
  if (g.writes.length || g.targets.length) return write(g.writes[0] ?? `${name} writes a profile or cache file`, g.writes.length ? undefined : g.targets);
  const words = g.operands;
  const one = words[0]?.value;
  if (one === null) return unknown(`${name}: the subcommand is only known at run time`);
  if (one === undefined) return read(`${name} prints usage`);
  const two = words[1]?.value ? `${one} ${words[1]!.value}` : undefined;
  const key = two !== undefined && t.reads[two] ? two : t.reads[one] ? one : undefined;
  if (key === undefined) return unknown(`${name} ${two ?? one}: changes containers, clusters or infrastructure, or is not a subcommand this guard knows as read-only`);
  const before = args.slice(0, args.length - words.length);
  const rest = words.slice(key.split(' ').length);
  // terraform's read subcommands that take no operand: a word after them is a subcommand (providers lock, providers mirror)
  if ((name === 'terraform' || name === 'tofu') && /^(providers|version|validate|workspace list|workspace show|providers schema)$/.test(key) && rest.some((w) => w.value === null || !w.value.startsWith('-'))) return unknown(`${name} ${key} ${rest[0]!.text}: not a subcommand this guard knows as read-only`);
  const p = parseTable([...before, ...rest], t.reads[key]!, `${name} ${key}`);
  if (p.unknowns.length) return unknown(p.unknowns[0]!);
  if (p.execs.length) return unknown(p.execs[0]!);
  if (p.writes.length || p.targets.length) return write(p.writes[0] ?? `${name} ${key} writes a file`, p.writes.length ? undefined : p.targets, { writesContent: true });
  if (key === 'fmt') {
    // terraform fmt rewrites files unless -check (or -write=false)
    const w = value(p, '-write');
    if ((!has(p, '-check') && w !== 'false') || w === 'true' || (has(p, '-write') && w !== 'false')) return write(`${name} fmt rewrites files`);
  }
  return read(`${name} ${key} reads`);
}
