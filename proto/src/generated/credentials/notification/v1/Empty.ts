// Original file: credentials/notification/v1/notification.proto


export interface Empty {
}

export interface Empty__Output {
}
