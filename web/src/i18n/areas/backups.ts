import type { Widen } from "../widen.ts";

/**
 * Texts of the super user's backups, restores, exports, imports and database moves of companies (companies
 * tab). Portuguese is the reference; en and es must have the same keys.
 */
export const backupsPt = {
  open: "Backups de {{name}}",
  title: "Backups de {{name}}",
  backupNow: "Fazer backup",
  export: "Exportar",
  exportHint:
    "A exportação é um arquivo com o banco e as mídias da empresa, para importar em outra instalação.",
  list: "Backups",
  columns: { name: "Backup", size: "Tamanho", createdAt: "Feito em", actions: "Ações" },
  restore: "Restaurar",
  restoreOf: "Restaurar {{name}}",
  restoreTitle: "Restaurar este backup?",
  restoreMessage:
    "Os dados atuais de {{company}} serão substituídos pelos de {{backup}}. Os dados de agora ficam guardados como um backup. As conexões da empresa reiniciam.",
  beforeRestore: "antes da restauração",
  beforeMove: "antes da mudança para um servidor",
  importCompany: "Importar empresa",
  importFile: "Arquivo de exportação",
  importing: "Importando empresa",
  working: {
    backup: "Fazendo backup",
    restore: "Restaurando",
    export: "Exportando",
    import: "Importando",
    move: "Movendo o banco",
    moveBack: "Trazendo o banco de volta",
  },
  done: {
    backup: "Backup feito.",
    restore: "Empresa restaurada.",
    export: "Exportação pronta: o download começou.",
    import: "Empresa importada.",
    move: "O banco da empresa está agora no servidor libSQL.",
    moveBack: "O banco da empresa está de volta em um arquivo.",
  },
  database: {
    title: "Banco de dados",
    inFile: "Em um arquivo deste servidor: {{url}}",
    onServer: "Em um servidor libSQL: {{url}}",
    onServerWithToken: "Em um servidor libSQL: {{url}} (com token)",
    url: "Endereço do servidor libSQL",
    token: "Token (opcional)",
    move: "Mover para um servidor libSQL",
    moveTitle: "Mover o banco para um servidor libSQL?",
    moveMessage:
      "{{company}} fica em manutenção enquanto todos os dados são copiados para {{url}}, e as conexões reiniciam. O banco de destino precisa estar vazio. O arquivo atual fica guardado como um backup.",
    moveBack: "Trazer de volta para um arquivo",
    moveBackTitle: "Trazer o banco de volta para um arquivo?",
    moveBackMessage:
      "{{company}} fica em manutenção enquanto todos os dados são copiados para um arquivo novo neste servidor, e as conexões reiniciam. O servidor libSQL mantém os seus dados.",
  },
  failed: "A tarefa falhou",
  errorList: "Não foi possível carregar os backups",
};

export const backupsEn: Widen<typeof backupsPt> = {
  open: "Backups of {{name}}",
  title: "Backups of {{name}}",
  backupNow: "Back up now",
  export: "Export",
  exportHint: "An export is one file with the company's database and media, to import on another installation.",
  list: "Backups",
  columns: { name: "Backup", size: "Size", createdAt: "Made at", actions: "Actions" },
  restore: "Restore",
  restoreOf: "Restore {{name}}",
  restoreTitle: "Restore this backup?",
  restoreMessage:
    "The current data of {{company}} will be replaced by that of {{backup}}. Today's data is kept as a backup. The company's connections restart.",
  beforeRestore: "before the restore",
  beforeMove: "before the move to a server",
  importCompany: "Import company",
  importFile: "Export file",
  importing: "Importing company",
  working: {
    backup: "Backing up",
    restore: "Restoring",
    export: "Exporting",
    import: "Importing",
    move: "Moving the database",
    moveBack: "Bringing the database back",
  },
  done: {
    backup: "Backup made.",
    restore: "Company restored.",
    export: "Export ready: the download has started.",
    import: "Company imported.",
    move: "The company's database is now on the libSQL server.",
    moveBack: "The company's database is back in a file.",
  },
  database: {
    title: "Database",
    inFile: "In a file on this server: {{url}}",
    onServer: "On a libSQL server: {{url}}",
    onServerWithToken: "On a libSQL server: {{url}} (with a token)",
    url: "libSQL server address",
    token: "Token (optional)",
    move: "Move to a libSQL server",
    moveTitle: "Move the database to a libSQL server?",
    moveMessage:
      "{{company}} is under maintenance while all its data is copied to {{url}}, and its connections restart. The target database must be empty. The current file is kept as a backup.",
    moveBack: "Move back to a file",
    moveBackTitle: "Move the database back to a file?",
    moveBackMessage:
      "{{company}} is under maintenance while all its data is copied into a new file on this server, and its connections restart. The libSQL server keeps its data.",
  },
  failed: "The task failed",
  errorList: "Could not load the backups",
};

export const backupsEs: Widen<typeof backupsPt> = {
  open: "Copias de seguridad de {{name}}",
  title: "Copias de seguridad de {{name}}",
  backupNow: "Hacer copia de seguridad",
  export: "Exportar",
  exportHint:
    "La exportación es un archivo con la base de datos y los medios de la empresa, para importarlo en otra instalación.",
  list: "Copias de seguridad",
  columns: { name: "Copia", size: "Tamaño", createdAt: "Hecha el", actions: "Acciones" },
  restore: "Restaurar",
  restoreOf: "Restaurar {{name}}",
  restoreTitle: "¿Restaurar esta copia?",
  restoreMessage:
    "Los datos actuales de {{company}} se reemplazarán por los de {{backup}}. Los datos de ahora quedan guardados como una copia. Las conexiones de la empresa se reinician.",
  beforeRestore: "antes de la restauración",
  beforeMove: "antes del traslado a un servidor",
  importCompany: "Importar empresa",
  importFile: "Archivo de exportación",
  importing: "Importando empresa",
  working: {
    backup: "Haciendo copia de seguridad",
    restore: "Restaurando",
    export: "Exportando",
    import: "Importando",
    move: "Trasladando la base de datos",
    moveBack: "Trayendo de vuelta la base de datos",
  },
  done: {
    backup: "Copia de seguridad hecha.",
    restore: "Empresa restaurada.",
    export: "Exportación lista: la descarga comenzó.",
    import: "Empresa importada.",
    move: "La base de datos de la empresa está ahora en el servidor libSQL.",
    moveBack: "La base de datos de la empresa está de vuelta en un archivo.",
  },
  database: {
    title: "Base de datos",
    inFile: "En un archivo de este servidor: {{url}}",
    onServer: "En un servidor libSQL: {{url}}",
    onServerWithToken: "En un servidor libSQL: {{url}} (con token)",
    url: "Dirección del servidor libSQL",
    token: "Token (opcional)",
    move: "Trasladar a un servidor libSQL",
    moveTitle: "¿Trasladar la base de datos a un servidor libSQL?",
    moveMessage:
      "{{company}} queda en mantenimiento mientras todos sus datos se copian a {{url}}, y sus conexiones se reinician. La base de datos de destino debe estar vacía. El archivo actual queda guardado como una copia.",
    moveBack: "Traer de vuelta a un archivo",
    moveBackTitle: "¿Traer la base de datos de vuelta a un archivo?",
    moveBackMessage:
      "{{company}} queda en mantenimiento mientras todos sus datos se copian a un archivo nuevo en este servidor, y sus conexiones se reinician. El servidor libSQL conserva sus datos.",
  },
  failed: "La tarea falló",
  errorList: "No se pudieron cargar las copias de seguridad",
};
