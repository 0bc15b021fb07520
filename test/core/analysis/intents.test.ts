/**
 * Dependency and hash intent. Each case goes through the public entry points a host
 * adapter uses: analyzeShell for commands, analyzeToolCall with real tool shapes for
 * edits, whole-file writes and patches (Claude Edit/Write, Codex apply_patch, Hermes V4A,
 * Pi edit, unified diff through `git apply`). Only added lines count; a removed or
 * re-versioned dependency is not an addition.
 */
import { describe, expect, it } from 'vitest';
import { analyzeShell } from '../../../core/analysis/shell';
import { analyzePowerShell } from '../../../core/analysis/powershell';
import { analyzeToolCall } from '../../../core/analysis/tool-call';
import { REGISTRIES } from '../../../core/registry/index';

const cwd = '/home/dev/project';
type Probe = () => { dependencyIntent: boolean; hashIntent: boolean };

const sh = (cmd: string): Probe => () => analyzeShell(cmd, { cwd });
const ps = (cmd: string): Probe => () => analyzePowerShell(cmd, { cwd });
const edit = (file: string, oldS: string, newS: string): Probe => () => analyzeToolCall(REGISTRIES.claude, 'Edit', { file_path: `${cwd}/${file}`, old_string: oldS, new_string: newS }, { cwd });
const writeFile = (file: string, content: string): Probe => () => analyzeToolCall(REGISTRIES.claude, 'Write', { file_path: `${cwd}/${file}`, content }, { cwd });
const piEdit = (file: string, oldS: string, newS: string): Probe => () => analyzeToolCall(REGISTRIES.pi, 'edit', { path: file, edits: [{ oldText: oldS, newText: newS }] }, { cwd });
const envelope = (body: string): Probe => () => analyzeToolCall(REGISTRIES.codex, 'apply_patch', { command: `*** Begin Patch\n${body}\n*** End Patch\n` }, { cwd });
const v4a = (body: string): Probe => () => analyzeToolCall(REGISTRIES.hermes, 'patch', { mode: 'patch', patch: `*** Begin Patch\n${body}\n*** End Patch` }, { cwd });
const diff = (file: string, hunk: string): Probe => () => analyzeShell(`git apply <<'EOF'\ndiff --git a/${file} b/${file}\n--- a/${file}\n+++ b/${file}\n${hunk}\nEOF`, { cwd });

const PKG_CTX = '  "dependencies": {\n    "react": "^18.2.0"';

const DEP_POSITIVE: [string, Probe][] = [
  // commands, every ecosystem the issue names
  ['npm i', sh('npm i left-pad')],
  ['npm install -D', sh('npm install -D vitest')],
  ['npm install -g', sh('npm install -g typescript')],
  ['pnpm add', sh('pnpm add zod')],
  ['yarn add', sh('yarn add react@19')],
  ['yarn global add', sh('yarn global add serve')],
  ['bun add', sh('bun add hono')],
  ['pip install', sh('pip install requests')],
  ['pip3 install', sh('pip3 install "flask>=3"')],
  ['python -m pip install', sh('python3 -m pip install httpx')],
  ['uv add', sh('uv add pydantic')],
  ['uv pip install', sh('uv pip install rich')],
  ['poetry add', sh('poetry add --group dev pytest')],
  ['pipx install', sh('pipx install ruff')],
  ['conda install', sh('conda install -c conda-forge numpy')],
  ['cargo add', sh('cargo add serde --features derive')],
  ['cargo install', sh('cargo install ripgrep')],
  ['go get', sh('go get github.com/spf13/cobra@latest')],
  ['go install pkg@v', sh('go install golang.org/x/tools/gopls@latest')],
  ['go mod edit -require', sh('go mod edit -require=github.com/a/b@v1.2.3')],
  ['gem install', sh('gem install rails')],
  ['bundle add', sh('bundle add rspec')],
  ['composer require', sh('composer require monolog/monolog')],
  ['dotnet add package', sh('dotnet add package Newtonsoft.Json')],
  ['apt-get install', sh('sudo apt-get install -y jq')],
  ['apt install', sh('apt install curl')],
  ['brew install', sh('brew install gh')],
  ['deno add', sh('deno add jsr:@std/path')],
  ['apk add', sh('apk add --no-cache git')],
  ['dnf install', sh('dnf install -y make')],
  ['wrapped: timeout npm i', sh('timeout 60 npm i lodash')],
  ['bash -c pip install', sh('bash -c "pip install x"')],
  ['PowerShell Install-Module', ps('Install-Module PSReadLine -Scope CurrentUser')],
  ['PowerShell npm install', ps('npm install express')],
  // manifest changes
  ['package.json dependencies via Edit', edit('package.json', PKG_CTX, PKG_CTX + ',\n    "lodash": "^4.17.21"')],
  ['package.json devDependencies via Edit', edit('package.json', '  "devDependencies": {', '  "devDependencies": {\n    "vitest": "^4.0.0",')],
  ['package.json optionalDependencies via patch', envelope('*** Update File: package.json\n@@\n   "optionalDependencies": {\n+    "fsevents": "^2.3.3",\n     "x": "1"')],
  ['package.json peerDependencies via diff', diff('package.json', '@@ -3,2 +3,3 @@\n   "peerDependencies": {\n+    "react": ">=18",\n     "vue": "3"')],
  ['package.json whole-file Write', writeFile('package.json', '{\n  "name": "x",\n  "dependencies": {\n    "express": "^4.19.0"\n  }\n}\n')],
  ['package.json dep line with no section shown', edit('package.json', '"a": "1",', '"a": "1",\n    "left-pad": "^1.3.0",')],
  ['pyproject [project] dependencies', edit('pyproject.toml', 'dependencies = [\n  "httpx>=0.27",', 'dependencies = [\n  "httpx>=0.27",\n  "rich>=13",')],
  ['pyproject optional-dependencies', envelope('*** Update File: pyproject.toml\n@@\n [project.optional-dependencies]\n+dev = ["pytest>=8"]')],
  ['pyproject poetry dependencies', edit('pyproject.toml', '[tool.poetry.dependencies]\npython = "^3.11"', '[tool.poetry.dependencies]\npython = "^3.11"\nrequests = "^2.31"')],
  ['pyproject dependency-groups', v4a('*** Update File: pyproject.toml\n@@ [dependency-groups] @@\n [dependency-groups]\n+lint = ["ruff"]')],
  ['requirements.txt new line', edit('requirements.txt', 'flask==3.0.0', 'flask==3.0.0\nrequests==2.32.3')],
  ['requirements-dev.txt via patch', envelope('*** Update File: requirements-dev.txt\n@@\n pytest\n+mypy>=1.10')],
  ['requirements/base.in added file', envelope('*** Add File: requirements/base.in\n+django')],
  ['Pipfile [packages]', edit('Pipfile', '[packages]\nflask = "*"', '[packages]\nflask = "*"\nrequests = "*"')],
  ['Cargo.toml [dependencies]', edit('Cargo.toml', '[dependencies]\nserde = "1"', '[dependencies]\nserde = "1"\ntokio = { version = "1", features = ["full"] }')],
  ['Cargo.toml [dev-dependencies] via V4A', v4a('*** Update File: Cargo.toml\n@@\n [dev-dependencies]\n+proptest = "1.4"')],
  ['Cargo.toml [dependencies.foo] table', envelope('*** Update File: Cargo.toml\n@@\n+[dependencies.reqwest]\n+version = "0.12"')],
  ['go.mod require block', edit('go.mod', 'require (\n\tgithub.com/a/b v1.0.0', 'require (\n\tgithub.com/a/b v1.0.0\n\tgithub.com/c/d v0.3.1')],
  ['go.mod single require', diff('go.mod', '@@ -3,0 +4 @@\n+require golang.org/x/sync v0.7.0')],
  ['Gemfile gem', edit('Gemfile', "gem 'rails', '~> 7.1'", "gem 'rails', '~> 7.1'\ngem 'sidekiq'")],
  ['gemspec add_dependency', envelope("*** Update File: x.gemspec\n@@\n+  spec.add_dependency 'zeitwerk', '~> 2.6'")],
  ['composer.json require', edit('composer.json', '  "require": {\n    "php": ">=8.2"', '  "require": {\n    "php": ">=8.2",\n    "guzzlehttp/guzzle": "^7.8"')],
  ['*.csproj PackageReference', edit('app/App.csproj', '  <ItemGroup>', '  <ItemGroup>\n    <PackageReference Include="Serilog" Version="3.1.1" />')],
  ['build.gradle implementation', edit('build.gradle', 'dependencies {', "dependencies {\n    implementation 'com.squareup.okhttp3:okhttp:4.12.0'")],
  ['build.gradle.kts implementation()', piEdit('build.gradle.kts', 'dependencies {', 'dependencies {\n    implementation("io.ktor:ktor-client-core:2.3.9")')],
  ['pom.xml dependency', edit('pom.xml', '<dependencies>', '<dependencies>\n  <dependency>\n    <groupId>org.slf4j</groupId>\n    <artifactId>slf4j-api</artifactId>\n    <version>2.0.13</version>\n  </dependency>')],
  ['libs.versions.toml library', edit('gradle/libs.versions.toml', '[libraries]', '[libraries]\nokhttp = { module = "com.squareup.okhttp3:okhttp", version = "4.12.0" }')],
  ['deno.json imports', edit('deno.json', '  "imports": {', '  "imports": {\n    "@std/assert": "jsr:@std/assert@^1.0.0",')],
  ['shell heredoc appended to requirements.txt', sh("cat >> requirements.txt <<'EOF'\nnumpy==2.0.0\nEOF")],
  ['echo appended to requirements.txt', sh('echo "pandas" >> requirements.txt')],
  ['sed -i on package.json (content not visible)', sh('sed -i "s/}/,\\"x\\":\\"1\\"}/" package.json')],
  ['notebook %pip install', () => analyzeToolCall(REGISTRIES.claude, 'NotebookEdit', { notebook_path: `${cwd}/a.ipynb`, new_source: '%pip install seaborn\nimport seaborn' }, { cwd })],
];

const DEP_NEGATIVE: [string, Probe][] = [
  ['npm ci', sh('npm ci')],
  ['npm install (lockfile restore)', sh('npm install')],
  ['npm test', sh('npm test')],
  ['npm uninstall', sh('npm uninstall left-pad')],
  ['npm update', sh('npm update')],
  ['pnpm install', sh('pnpm install --frozen-lockfile')],
  ['yarn (install)', sh('yarn')],
  ['bun install', sh('bun install')],
  ['pip install -r', sh('pip install -r requirements.txt')],
  ['pip install -e .', sh('pip install -e .')],
  ['pip freeze', sh('pip freeze > requirements.lock')],
  ['uv sync', sh('uv sync')],
  ['poetry install', sh('poetry install')],
  ['cargo build', sh('cargo build --release')],
  ['cargo tree', sh('cargo tree')],
  ['go build', sh('go build ./...')],
  ['go mod tidy', sh('go mod tidy')],
  ['bundle install', sh('bundle install')],
  ['composer install', sh('composer install')],
  ['dotnet restore', sh('dotnet restore')],
  ['apt-get update', sh('apt-get update')],
  ['brew update', sh('brew update')],
  ['echo of an install command', sh('echo "npm install x"')],
  ['grep for pip install', sh('grep -rn "pip install" README.md')],
  ['cat a manifest', sh('cat package.json')],
  ['git log', sh('git log -p package.json')],
  // manifest edits that add nothing
  ['package.json bump', edit('package.json', '"react": "^18.2.0"', '"react": "^19.0.0"')],
  ['package.json remove', edit('package.json', '"react": "^18.2.0",\n"lodash": "^4.17.21"', '"react": "^18.2.0"')],
  ['package.json scripts change', edit('package.json', '  "scripts": {\n    "test": "vitest"', '  "scripts": {\n    "test": "vitest run",\n    "lint": "eslint ."')],
  ['package.json version field', edit('package.json', '"version": "1.0.0"', '"version": "1.1.0"')],
  ['package.json engines', edit('package.json', '  "engines": {', '  "engines": {\n    "node": ">=20"')],
  ['pyproject dependency bump via diff', diff('pyproject.toml', '@@ -5,1 +5,1 @@\n-  "httpx>=0.26",\n+  "httpx>=0.27",')],
  ['pyproject tool.ruff list', edit('pyproject.toml', '[tool.ruff]', '[tool.ruff]\nselect = ["E", "F"]')],
  ['requirements bump', envelope('*** Update File: requirements.txt\n@@\n-requests==2.31.0\n+requests==2.32.3')],
  ['requirements comment', edit('requirements.txt', 'flask', 'flask\n# pinned by ops')],
  ['requirements include', edit('requirements.txt', 'flask', 'flask\n-r base.txt')],
  ['Cargo.toml package edition', edit('Cargo.toml', '[package]\nedition = "2021"', '[package]\nedition = "2024"')],
  ['Cargo.toml version bump', v4a('*** Update File: Cargo.toml\n@@\n [dependencies]\n-serde = "1.0.190"\n+serde = "1.0.200"')],
  ['go.mod go version', edit('go.mod', 'go 1.21', 'go 1.22')],
  ['go.mod bump', diff('go.mod', '@@ -4,1 +4,1 @@\n-\tgithub.com/a/b v1.0.0\n+\tgithub.com/a/b v1.1.0')],
  ['Gemfile bump', edit('Gemfile', "gem 'rails', '~> 7.0'", "gem 'rails', '~> 7.1'")],
  ['composer bump', edit('composer.json', '"monolog/monolog": "^2.0"', '"monolog/monolog": "^3.0"')],
  ['csproj version bump', edit('App.csproj', '<PackageReference Include="Serilog" Version="3.0.0" />', '<PackageReference Include="Serilog" Version="3.1.1" />')],
  ['gradle version bump', edit('build.gradle', "implementation 'a:b:1.0'", "implementation 'a:b:1.1'")],
  ['pom version bump', edit('pom.xml', '<version>2.0.12</version>', '<version>2.0.13</version>')],
  ['pom project artifact in a whole file', writeFile('pom.xml', '<project>\n  <artifactId>my-app</artifactId>\n  <version>1</version>\n</project>\n')],
  ['lockfile is not a manifest', edit('package-lock.json', '"a": "1"', '"a": "1",\n"b": "2"')],
  ['dependency-looking text in source code', edit('src/deps.ts', 'const x = {', 'const x = {\n  "lodash": "^4.17.21",')],
  ['README mentions dependencies', edit('README.md', '## Install', '## Install\n"dependencies": { "x": "1" }')],
  ['manifest deleted', envelope('*** Delete File: requirements-old.txt')],
  ['moving a dependency line inside the file', edit('package.json', '"a": "1",\n"b": "2"', '"b": "2",\n"a": "1"')],
];

const HASH_POSITIVE: [string, Probe][] = [
  ['sha256sum', sh('sha256sum dist/app.tgz')],
  ['sha1sum', sh('sha1sum a')],
  ['sha512sum check', sh('sha512sum -c SHA512SUMS')],
  ['md5sum', sh('md5sum *.iso')],
  ['b2sum', sh('b2sum file')],
  ['shasum -a 256', sh('shasum -a 256 file')],
  ['cksum', sh('cksum file')],
  ['md5 (BSD)', sh('md5 file')],
  ['openssl dgst', sh('openssl dgst -sha256 file')],
  ['openssl sha256', sh('openssl sha256 file')],
  ['openssl passwd', sh('openssl passwd -6 secret')],
  ['certutil -hashfile', sh('certutil -hashfile a.zip SHA256')],
  ['git hash-object', sh('git hash-object README.md')],
  ['htpasswd', sh('htpasswd -nbB user pw')],
  ['find -exec sha256sum', sh('find . -type f -exec sha256sum {} +')],
  ['xargs sha256sum', sh('ls | xargs sha256sum')],
  ['python -c hashlib', sh('python3 -c "import hashlib; print(hashlib.sha256(b\'x\').hexdigest())"')],
  ['node -e createHash', sh('node -e "console.log(require(\'crypto\').createHash(\'sha256\').update(\'x\').digest(\'hex\'))"')],
  ['Get-FileHash', ps('Get-FileHash a.zip -Algorithm SHA256')],
  ['heredoc writing a Python hasher', sh("cat > tools/h.py <<'EOF'\nimport hashlib\nEOF")],
  ['JS createHash via Edit', edit('src/a.ts', 'export {}', "import { createHash } from 'node:crypto';\nexport const h = (s: string) => createHash('sha256').update(s).digest('hex');")],
  ['JS createHmac via Write', writeFile('src/sign.js', "const sig = crypto.createHmac('sha256', key).update(body).digest('hex');\n")],
  ['WebCrypto subtle.digest', piEdit('src/web.ts', '', 'const d = await crypto.subtle.digest("SHA-256", data);')],
  ['bcrypt.hash', envelope("*** Update File: src/auth.ts\n@@\n+const hashed = await bcrypt.hash(password, 12);")],
  ['argon2.hash', edit('src/pw.mjs', '', 'const h = await argon2.hash(pw)')],
  ['Python hashlib via V4A', v4a('*** Add File: tools/checksum.py\n+import hashlib\n+print(hashlib.sha256(open("f","rb").read()).hexdigest())')],
  ['Python hmac.new', edit('app/sig.py', '', 'mac = hmac.new(key, msg, "sha256")')],
  ['Python bcrypt.hashpw', edit('app/pw.py', '', 'bcrypt.hashpw(pw, bcrypt.gensalt())')],
  ['Go sha256.Sum256', edit('main.go', 'func main() {', 'func main() {\n\tsum := sha256.Sum256(data)')],
  ['Go crypto/sha256 import', diff('pkg/a.go', '@@ -2,0 +3 @@\n+\t"crypto/sha256"')],
  ['Go bcrypt', edit('auth.go', '', 'h, _ := bcrypt.GenerateFromPassword(pw, 12)')],
  ['Rust Sha256::new', edit('src/lib.rs', '', 'let mut hasher = Sha256::new();')],
  ['Java MessageDigest', edit('src/A.java', '', 'MessageDigest md = MessageDigest.getInstance("SHA-256");')],
  ['Kotlin DigestUtils', edit('src/A.kt', '', 'val h = DigestUtils.sha256Hex(s)')],
  ['C# SHA256.Create', edit('src/A.cs', '', 'using var sha = SHA256.Create();')],
  ['PHP password_hash', edit('src/a.php', '', '$h = password_hash($pw, PASSWORD_DEFAULT);')],
  ['PHP hash()', edit('src/b.php', '', "$d = hash('sha256', $data);")],
  ['Ruby Digest::SHA256', edit('lib/a.rb', '', 'Digest::SHA256.hexdigest(s)')],
  ['C SHA256_Init', edit('src/a.c', '', 'SHA256_Init(&ctx);')],
  ['Swift SHA256.hash', edit('Sources/A.swift', '', 'let d = SHA256.hash(data: data)')],
  ['shell script with sha256sum', edit('scripts/release.sh', '', 'sha256sum dist/* > SHA256SUMS')],
  ['Dockerfile RUN sha256sum', edit('Dockerfile', 'RUN true', 'RUN echo "$SUM  x.tgz" | sha256sum -c -')],
  ['notebook hashlib', () => analyzeToolCall(REGISTRIES.claude, 'NotebookEdit', { notebook_path: `${cwd}/n.ipynb`, new_source: 'import hashlib' }, { cwd })],
];

const HASH_NEGATIVE: [string, Probe][] = [
  ['ls', sh('ls -la')],
  ['echo a hashing command', sh('echo sha256sum file')],
  ['grep for createHash', sh('grep -rn createHash src')],
  ['git log --grep', sh('git log --grep=sha256sum')],
  ['git rev-parse (shows a hash)', sh('git rev-parse HEAD')],
  ['git show', sh('git show HEAD --stat')],
  ['cat a checksum file', sh('cat SHA256SUMS')],
  ['npm install a package named hash', sh('npm install hash.js')],
  ['openssl rand', sh('openssl rand -hex 16')],
  ['bash hash builtin', sh('hash -r')],
  ['python -c without hashing', sh('python3 -c "print(1)"')],
  ['PowerShell Get-Content', ps('Get-Content SHA256SUMS')],
  ['prose in README', edit('README.md', '', 'We hash passwords with bcrypt and use sha256sum for releases.')],
  ['markdown code block', edit('docs/release.md', '', '```sh\nsha256sum dist/*\n```')],
  ['JS HashMap-like names', edit('src/a.ts', '', 'const hashMap = new Map<string, number>();')],
  ['JS location.hash', edit('src/router.ts', '', 'const h = window.location.hash;')],
  ['Java hashCode', edit('src/A.java', '', 'int h = obj.hashCode();')],
  ['Java HashSet', edit('src/B.java', '', 'Set<String> s = new HashSet<>();')],
  ['C# GetHashCode', edit('src/A.cs', '', 'var h = key.GetHashCode();')],
  ['Rust HashMap', edit('src/lib.rs', '', 'let m: HashMap<String, u32> = HashMap::new();')],
  ['Python builtin hash()', edit('app/a.py', '', 'k = hash(frozenset(items))')],
  ['Go hash/maphash style names', edit('a.go', '', 'var h maphash.Hash')],
  ['comment mentioning createHash', edit('src/a.ts', '', '// TODO: use createHash( later')],
  ['Python comment mentioning hashlib', edit('app/a.py', '', '# hashlib is not needed here')],
  ['removed hashing line only', envelope("*** Update File: src/a.ts\n@@\n-const h = createHash('md5');\n+const h = null;")],
  ['unchanged context line with hashing', envelope("*** Update File: src/a.ts\n@@\n const h = createHash('sha256');\n-const x = 1;\n+const x = 2;")],
  ['edit keeping an existing createHash line', edit('src/a.ts', "const h = createHash('sha256');\nconst x = 1;", "const h = createHash('sha256');\nconst x = 2;")],
  ['JSON with a sha256 field', edit('data/manifest.json', '', '{ "sha256": "abc123" }')],
  ['lockfile integrity', edit('package-lock.json', '', '"integrity": "sha512-xyz"')],
  ['YAML config mentioning sha256sum', edit('config.yml', '', 'checksum_tool: sha256sum')],
  ['text file', writeFile('notes.txt', 'md5sum is broken\n')],
  ['deleting a hashing file', envelope('*** Delete File: src/hash.ts')],
  ['shell script without hashing', edit('scripts/a.sh', '', 'echo done')],
  ['PHP str_replace', edit('src/a.php', '', '$x = str_replace("a", "b", $y);')],
  ['Ruby Hash.new', edit('lib/a.rb', '', 'h = Hash.new(0)')],
  ['C hashtable', edit('src/a.c', '', 'ht_insert(table, key, value);')],
  ['Swift Hasher', edit('Sources/A.swift', '', 'var hasher = Hasher()')],
  ['Kotlin hashMapOf', edit('src/A.kt', '', 'val m = hashMapOf("a" to 1)')],
  ['Dockerfile without hashing', edit('Dockerfile', '', 'RUN apt-get update')],
  ['git add of a hashing file', sh('git add src/hash.ts')],
  ['rm of a checksum file', sh('rm SHA256SUMS')],
];

describe('dependency intent', () => {
  it('has at least 40 positive and 40 negative cases', () => {
    expect(DEP_POSITIVE.length).toBeGreaterThanOrEqual(40);
    expect(DEP_NEGATIVE.length).toBeGreaterThanOrEqual(40);
  });
  it.each(DEP_POSITIVE)('adds a dependency: %s', (_n, probe) => expect(probe().dependencyIntent).toBe(true));
  it.each(DEP_NEGATIVE)('adds no dependency: %s', (_n, probe) => expect(probe().dependencyIntent).toBe(false));
});

describe('hash intent', () => {
  it('has at least 40 positive and 40 negative cases', () => {
    expect(HASH_POSITIVE.length).toBeGreaterThanOrEqual(40);
    expect(HASH_NEGATIVE.length).toBeGreaterThanOrEqual(40);
  });
  it.each(HASH_POSITIVE)('introduces hashing: %s', (_n, probe) => expect(probe().hashIntent).toBe(true));
  it.each(HASH_NEGATIVE)('introduces no hashing: %s', (_n, probe) => expect(probe().hashIntent).toBe(false));
});
